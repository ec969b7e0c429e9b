import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compact } from '../src/format/compact.js';
import type { Diagnostic, Severity } from '../src/types.js';

const context = { cwd: '/work', color: true, rules: [], version: '0.0.0' };
const d = (uri: string, line: number, character: number, severity: Severity, ruleId: string, message: string): Diagnostic => ({
  ruleId, severity, message, uri, pointer: '', range: { start: { line, character }, end: { line, character: character + 1 } },
});

test('one line per finding: file:line:column: severity rule-id message, no colour, no frame', () => {
  const out = compact([
    { uri: '/work/api.yaml', diagnostics: [
      { ...d('/work/api.yaml', 4, 10, 'error', 'tag-name-unique', "Tag name 'pets' is already used at line 4."), suggestion: 'ignored' },
      d('/work/defs/common.yaml', 0, 0, 'warn', 'schema-keyword-typo', '`min_items` is no JSON Schema keyword: did you mean `minItems`?'),
    ] },
    { uri: '/work/other.yaml', diagnostics: [d('/work/other.yaml', 9, 2, 'info', 'x', 'an info'), d('/work/other.yaml', 10, 0, 'hint', 'y', 'a hint')] },
    { uri: '/work/notes.yaml', diagnostics: [], skipped: 'not an API description' },
  ], context);
  assert.equal(out, [
    "api.yaml:5:11: error tag-name-unique Tag name 'pets' is already used at line 4.",
    'defs/common.yaml:1:1: warning schema-keyword-typo `min_items` is no JSON Schema keyword: did you mean `minItems`?',
    'other.yaml:10:3: info x an info',
    'other.yaml:11:1: hint y a hint',
    '',
  ].join('\n'));
});

test('a line break or a control character in a message or a file name stays on its line', () => {
  const out = compact([{ uri: '/work/a\nb.yaml', diagnostics: [d('/work/a\nb.yaml', 0, 0, 'error', 'info-title', 'one\ntwo \u001b[31m')] }], context);
  assert.equal(out, 'a\u240ab.yaml:1:1: error info-title one\u240atwo \u241b[31m\n');
});

test('no findings, no output', () => {
  assert.equal(compact([{ uri: '/work/api.yaml', diagnostics: [] }], context), '');
});
