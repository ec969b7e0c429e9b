import type { Severity } from '../types.js';
import type { Formatter } from './types.js';
import { flatten, type FlatFinding } from './flatten.js';
import { relative } from './relative.js';
import { xml } from './xml.js';
import { messageWithFolded } from './folded.js';

const severities: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'info' };

/** Checkstyle XML (read by Jenkins' warnings plugin, reviewdog and others): findings grouped by the file they are in. */
export const checkstyle: Formatter = (reports, context) => {
  const byFile = new Map<string, FlatFinding[]>();
  // every linted document appears, a clean one as an empty <file/>, then the files findings are in
  for (const r of reports) byFile.set(relative(context.cwd, r.uri), []);
  for (const f of flatten(reports, context.cwd)) {
    const list = byFile.get(f.file) ?? [];
    list.push(f);
    byFile.set(f.file, list);
  }
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<checkstyle version="4.3">'];
  for (const [file, findings] of byFile) {
    if (findings.length === 0) {
      lines.push(`  <file name="${xml(file)}"/>`);
      continue;
    }
    lines.push(`  <file name="${xml(file)}">`);
    for (const f of findings) {
      const d = f.diagnostic;
      lines.push(`    <error line="${f.line}" column="${f.column}" severity="${severities[d.severity]}" message="${xml(messageWithFolded(d))}" source="swaglint.${xml(d.ruleId)}"/>`);
    }
    lines.push('  </file>');
  }
  lines.push('</checkstyle>', '');
  return lines.join('\n');
};
