import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stylish } from '../src/format/stylish.js';
import type { Diagnostic } from '../src/types.js';

const context = { cwd: '/work', color: false, rules: [], version: '0.0.0' };
const d = (line: number, character: number, message: string): Diagnostic => ({
  ruleId: 'info-title', severity: 'error', message, uri: '/work/api.yaml', pointer: '/info/title',
  range: { start: { line, character }, end: { line, character: character + 3 } },
});

test('file:line:column severity message rule-id, a code frame and a summary', () => {
  const text = 'swagger: "2.0"\ninfo:\n  title: 42\n';
  const out = stylish([{ uri: '/work/api.yaml', diagnostics: [d(2, 9, 'not a string')], texts: new Map([['/work/api.yaml', text]]) }], context);
  const lines = out.split('\n');
  assert.equal(lines[0], 'api.yaml:3:10 error not a string info-title');
  assert.match(out, /> 3 \|   title: 42\n {6}\| {10}\^\^\^\n/);
  assert.match(out, /✖ 1 problem \(1 error, 0 warnings\)/);
});

test('control characters from the file never reach the terminal', () => {
  const text = 'info:\n  title: "\u001b[31mred\u0007"\n';
  const out = stylish([{ uri: '/work/api.yaml', diagnostics: [d(1, 9, 'bad \u001b]0;title\u0007')], texts: new Map([['/work/api.yaml', text]]) }], context);
  assert.doesNotMatch(out, /[\u0000-\u0008\u000b-\u001f\u007f]/);
  // shown, one for one (the marker stays under its column): ESC as ␛, BEL as ␇
  assert.match(out, /\u241b\[31mred\u2407/);
  assert.match(out, /bad \u241b\]0;title\u2407 info-title/);
});

test('no findings, no output', () => {
  assert.equal(stylish([{ uri: '/work/api.yaml', diagnostics: [] }], context), '');
});

test('a report with house-convention findings ends with one line on how to adopt; a validity-only one does not', () => {
  const text = 'swagger: "2.0"\ninfo:\n  title: 42\n';
  const convention: Diagnostic = { ...d(1, 0, 'info.description is missing'), ruleId: 'info-description', severity: 'warn', category: 'convention' };
  const validity: Diagnostic = { ...d(2, 9, 'not a string'), category: 'validity' };
  const texts = new Map([['/work/api.yaml', text]]);
  const mixed = stylish([{ uri: '/work/api.yaml', diagnostics: [validity, convention, { ...convention, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 7 } } }], texts }], context);
  const last = mixed.trimEnd().split('\n').at(-1)!;
  assert.equal(last, "2 findings are house conventions, not invalid Swagger 2.0: tune the rules with `swaglint init`, or accept today's with `--baseline-write swaglint-baseline.json`, then lint with `--baseline swaglint-baseline.json`.");
  const valid = stylish([{ uri: '/work/api.yaml', diagnostics: [validity], texts }], context);
  assert.match(valid.trimEnd().split('\n').at(-1)!, /^✖ 1 problem/);
});
