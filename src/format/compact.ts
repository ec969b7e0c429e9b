import type { Severity } from '../types.js';
import type { Formatter } from './types.js';
import { flatten } from './flatten.js';
import { messageWithFolded } from './folded.js';
import { printable } from './printable.js';

const labels: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };

/**
 * One line per finding, `file:line:column: severity rule-id message` (ESLint's `unix`/`compact`
 * shape): what grep, editors' quickfix lists and `sort | uniq -c` read. No frames, no summary, no
 * colour, so every line is a finding; suggestions are left to the other formats.
 */
export const compact: Formatter = (reports, context) => {
  const lines = flatten(reports, context.cwd).map((f) => {
    const d = f.diagnostic;
    // file names and messages quote the document: one finding stays one line (printable.ts)
    return `${printable(f.file)}:${f.line}:${f.column}: ${labels[d.severity]} ${printable(d.ruleId)} ${printable(messageWithFolded(d))}`;
  });
  return lines.length ? lines.join('\n') + '\n' : '';
};
