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
  assert.equal(last, "2 findings are house conventions, not an invalid API description: tune the rules with `swaglint init`, or accept today's with `--baseline-write swaglint-baseline.json`, then lint with `--baseline swaglint-baseline.json`.");
  const valid = stylish([{ uri: '/work/api.yaml', diagnostics: [validity], texts }], context);
  assert.match(valid.trimEnd().split('\n').at(-1)!, /^✖ 1 problem/);
});

test('ten or more description-markdown findings are one line in stylish (counted in the summary); markdownDetails lists each', () => {
  const text = Array.from({ length: 12 }, (_, i) => `d${i}: '[link](http://x)'`).join('\n') + '\n';
  const markdown = (line: number): Diagnostic => ({ ...d(line, 4, 'A link is not supported in descriptions'), ruleId: 'description-markdown', severity: 'warn', category: 'convention' });
  const report = [{ uri: '/work/api.yaml', diagnostics: [d(0, 0, 'not a string'), ...Array.from({ length: 12 }, (_, i) => markdown(i))], texts: new Map([['/work/api.yaml', text]]) }];
  const folded = stylish(report, context);
  assert.equal(folded.match(/description-markdown$/gm)?.length ?? 0, 0, 'no description-markdown finding is listed');
  assert.match(folded, /^api\.yaml:1:1 error not a string info-title$/m);
  assert.match(folded, /✖ 13 problems \(1 error, 12 warnings\)/);
  assert.match(folded, /^12 description-markdown findings \(Markdown outside swaglint's subset: links, tables, HTML\.\.\.\) are not listed: --markdown-details lists them; allow constructs with description-markdown: \[warn, \{allow: \[link, table\]\}\], or turn the rule off, in \.swaglint\.yaml\.$/m);
  const listed = stylish(report, { ...context, markdownDetails: true });
  assert.equal(listed.match(/ description-markdown$/gm)?.length, 12);
  assert.doesNotMatch(listed, /are not listed/);
  // nine are shown as they are
  const few = stylish([{ ...report[0]!, diagnostics: report[0]!.diagnostics.slice(0, 10) }], context);
  assert.equal(few.match(/ description-markdown$/gm)?.length, 9);
});
