// The stylish report shows the first few of identical findings (same rule and message) with their
// frames, then one line counts the rest; the other formats keep each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stylish, groupShown } from '../src/format/stylish.js';
import { compact } from '../src/format/compact.js';
import { json } from '../src/format/json.js';
import { summary } from '../src/format/summary.js';
import type { Diagnostic } from '../src/types.js';
import type { FileReport } from '../src/format/types.js';

const context = { cwd: '/work', color: false, rules: [], version: '0.0.0' };
const finding = (line: number, ruleId: string, message: string): Diagnostic => ({
  ruleId, severity: 'warn', category: 'convention', message, uri: '/work/api.yaml', pointer: `/x/${line}`,
  range: { start: { line, character: 2 }, end: { line, character: 6 } },
});
const same = 'nullable: true needs a type beside it.';
const text = Array.from({ length: 20 }, (_, i) => `  k${i}: v`).join('\n') + '\n';
const report: FileReport[] = [{
  uri: '/work/api.yaml',
  texts: new Map([['/work/api.yaml', text]]),
  diagnostics: [
    finding(0, 'info-title', 'other'),
    ...Array.from({ length: 8 }, (_, i) => finding(i + 1, 'nullable-type', same)),
    finding(10, 'nullable-type', 'a different message'),
  ],
}];

test(`stylish: ${groupShown} identical findings with frames, then one line counting the rest; the totals count all`, () => {
  const out = stylish(report, context);
  assert.equal(out.match(/ nullable-type$/gm)?.length, groupShown + 1, out); // three alike and the different one
  for (const line of [2, 3, 4]) assert.match(out, new RegExp(`^api\\.yaml:${line}:3 warning ${same.replace(/[.]/g, '\\.')} nullable-type$`, 'm'));
  assert.doesNotMatch(out, /^api\.yaml:5:3 /m);
  assert.match(out, /^… and 5 more like this \(nullable-type\)$/m);
  // the line comes right after the third, before the next different finding
  assert.ok(out.indexOf('… and 5 more') < out.indexOf('a different message'));
  assert.match(out, /✖ 10 problems \(0 errors, 10 warnings\)/);
});

test('stylish: exactly as many as are shown need no line', () => {
  const three: FileReport[] = [{ ...report[0]!, diagnostics: report[0]!.diagnostics.slice(1, 1 + groupShown) }];
  const out = stylish(three, context);
  assert.equal(out.match(/ nullable-type$/gm)?.length, groupShown);
  assert.doesNotMatch(out, /more like this/);
});

test('compact, json and summary keep every finding', () => {
  assert.equal(compact(report, context).trimEnd().split('\n').length, 10);
  assert.equal((JSON.parse(json(report, context)) as unknown[]).length, 10);
  assert.match(summary(report, context), /^ +0 +9 +nullable-type \(convention\)$/m);
});
