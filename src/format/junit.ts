import type { Formatter } from './types.js';
import { flatten } from './flatten.js';
import { messageWithFolded } from './folded.js';
import { relative } from './relative.js';
import { xml } from './xml.js';

const labels = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' } as const;

/**
 * JUnit XML as CI test reports read it: one test suite, one test case per linted document (a clean
 * one passes, a skipped one is skipped), one failure per finding, including those in its `$ref`'d files.
 */
export const junit: Formatter = (reports, context) => {
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  for (const report of reports) {
    const name = xml(relative(context.cwd, report.uri));
    const findings = flatten([report], context.cwd);
    failures += findings.length;
    if (report.skipped) skipped++;
    const body = report.skipped
      ? [`      <skipped message="${xml(report.skipped)}"/>`]
      : findings.map((f) => {
          const d = f.diagnostic;
          const text = `${f.file}:${f.line}:${f.column} ${labels[d.severity]} ${messageWithFolded(d)} (${d.ruleId})${d.suggestion ? `\n${d.suggestion}` : ''}`;
          return `      <failure message="${xml(messageWithFolded(d))}" type="${xml(d.ruleId)}">${xml(text)}</failure>`;
        });
    const open = `    <testcase classname="swaglint" name="${name}" file="${name}"`;
    cases.push(body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`);
  }
  const counts = `tests="${reports.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="swaglint" ${counts}>`,
    `  <testsuite name="swaglint" ${counts}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};
