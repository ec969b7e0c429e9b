import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summary, topFiles } from '../src/format/summary.js';
import type { Diagnostic, RuleCategory, Severity } from '../src/types.js';
import type { FileReport } from '../src/format/types.js';

const context = { cwd: '/work', color: false, rules: [], version: '0.0.0' };
const d = (file: string, severity: Severity, ruleId: string, category?: RuleCategory): Diagnostic => ({
  ruleId, severity, message: 'm', uri: `/work/${file}`, pointer: '', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
  ...(category ? { category } : {}),
});
const times = (n: number, make: () => Diagnostic) => Array.from({ length: n }, make);

test('counts per rule and severity, errors first, then the files with the most findings', () => {
  const reports: FileReport[] = [
    { uri: '/work/orders.yaml', diagnostics: [
      ...times(12, () => d('orders.yaml', 'warn', 'path-no-verbs', 'convention')),
      ...times(2, () => d('orders.yaml', 'error', 'schema-valid', 'validity')),
      d('common/defs.yaml', 'error', 'schema-valid', 'validity'),
      d('common/defs.yaml', 'warn', 'schema-valid', 'validity'),
    ] },
    { uri: '/work/users.yaml', diagnostics: [d('users.yaml', 'error', 'parse-error')] },
    { uri: '/work/clean.yaml', diagnostics: [] },
    { uri: '/work/notes.yaml', diagnostics: [], skipped: 'not an API description' },
  ];
  assert.equal(summary(reports, context), [
    'Findings by rule',
    '  errors  warnings  rule',
    '       3         1  schema-valid (validity)',
    '       1         0  parse-error',
    '       0        12  path-no-verbs (convention)',
    '',
    'Files with the most findings',
    '  errors  warnings  file',
    '       2        12  orders.yaml',
    '       1         1  common/defs.yaml',
    '       1         0  users.yaml',
    '',
    '✖ 17 problems (4 errors, 13 warnings) in 3 files (3 documents linted, 1 file skipped)',
    "12 findings are house conventions, not an invalid API description: tune the rules with `swaglint init`, or accept today's with `--baseline-write swaglint-baseline.json`, then lint with `--baseline swaglint-baseline.json`.",
    '',
  ].join('\n'));
});

test('info and hint get columns when they occur; past the top files, one line counts the rest', () => {
  const files = Array.from({ length: topFiles + 2 }, (_, i) => `f${String(i).padStart(2, '0')}.yaml`);
  const reports: FileReport[] = files.map((file, i) => ({ uri: `/work/${file}`, diagnostics: times(i + 1, () => d(file, i % 2 ? 'hint' : 'info', 'unused-component', 'validity')) }));
  const lines = summary(reports, context).split('\n');
  assert.deepEqual(lines.slice(0, 3), [
    'Findings by rule',
    '  errors  warnings  infos  hints  rule',
    '       0         0     36     42  unused-component (validity)',
  ]);
  assert.equal(lines[5], '  errors  warnings  infos  hints  file');
  assert.equal(lines[6], '       0         0      0     12  f11.yaml');
  assert.equal(lines[5 + topFiles], '       0         0      3      0  f02.yaml');
  assert.equal(lines[6 + topFiles], '  … and 2 more files');
  assert.equal(lines[8 + topFiles], '✖ 78 problems (0 errors, 0 warnings, 36 infos, 42 hints) in 12 files (12 documents linted)');
});

test('no findings: one line, still counting what was linted', () => {
  assert.equal(summary([{ uri: '/work/a.yaml', diagnostics: [] }], context), 'No problems (1 document linted).\n');
});
