// A long stylish report ends with one line per rule and its count, most first; a short one does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stylish } from '../src/format/stylish.js';
import { longReport } from '../src/format/rule-summary.js';
import type { Diagnostic, Severity } from '../src/types.js';

const finding = (ruleId: string, line: number, severity: Severity = 'warn'): Diagnostic => ({
  ruleId,
  severity,
  message: `finding of ${ruleId}`,
  uri: '/p/api.yaml',
  pointer: '',
  range: { start: { line, character: 0 }, end: { line, character: 1 } },
});

const context = { cwd: '/p', color: false, rules: [], version: '0.0.0' };

test('a long report ends with a line per rule, by count then id', () => {
  const diagnostics = [
    ...Array.from({ length: 14 }, (_, i) => finding('description-markdown', i)),
    ...Array.from({ length: 4 }, (_, i) => finding('path-no-verbs', 20 + i, 'error')),
    ...Array.from({ length: 4 }, (_, i) => finding('array-items', 30 + i, 'error')),
    finding('path-trailing-slash', 40),
  ];
  assert.ok(diagnostics.length >= longReport);
  const out = stylish([{ uri: '/p/api.yaml', diagnostics }], context);
  // the description-markdown findings, 10 or more, are folded into one line after the counts
  const tail = out.trimEnd().split('\n').slice(-6);
  assert.deepEqual(tail.slice(0, 5), [
    '✖ 23 problems (8 errors, 15 warnings)',
    '  14  description-markdown',
    '   4  array-items',
    '   4  path-no-verbs',
    '   1  path-trailing-slash',
  ]);
  assert.match(tail[5]!, /^14 description-markdown findings .* are not listed/);
});

test('a short report, or one with a single rule, ends with the total alone', () => {
  const short = stylish([{ uri: '/p/api.yaml', diagnostics: [finding('a-rule', 0), finding('b-rule', 1)] }], context);
  assert.match(short, /✖ 2 problems \(0 errors, 2 warnings\)\n$/);
  const one = stylish([{ uri: '/p/api.yaml', diagnostics: Array.from({ length: 30 }, (_, i) => finding('a-rule', i)) }], context);
  assert.match(one, /✖ 30 problems \(0 errors, 30 warnings\)\n$/);
});
