import type { Severity } from '../types.js';
import type { Formatter } from './types.js';
import { flatten } from './flatten.js';
import { messageWithFolded } from './folded.js';
import { printable, printableKeepingBreaks } from './printable.js';

const commands: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'notice', hint: 'notice' };

/**
 * GitHub Actions workflow commands: one `::error file=…,line=…::message` line per finding, which the
 * runner turns into an annotation on the pull request's diff. Nothing else is printed.
 */
export const github: Formatter = (reports, context) => {
  const lines = flatten(reports, context.cwd).map((f) => {
    const d = f.diagnostic;
    const properties = [
      ['file', f.file],
      ['line', String(f.line)],
      ['col', String(f.column)],
      ['endLine', String(f.endLine)],
      ['endColumn', String(f.endColumn)],
      ['title', d.ruleId],
    ]
      .map(([k, v]) => `${k}=${escapeProperty(printable(v!))}`)
      .join(',');
    return `::${commands[d.severity]} ${properties}::${escapeData(printableKeepingBreaks(d.suggestion ? `${messageWithFolded(d)}\n${d.suggestion}` : messageWithFolded(d)))}`;
  });
  return lines.length ? lines.join('\n') + '\n' : '';
};

// Control characters from the document are shown (printable.ts), never passed raw to the log: an
// ESC would drive the viewer's terminal. Line breaks in the message are escaped, as the runner's own
// escaping does; a file name or rule id is shown whole on one line. The runner's escaping
// (actions/toolkit, command.ts): data escapes %, CR and LF; a property value also escapes the ':'
// and ',' that would end it.
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
