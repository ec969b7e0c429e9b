// unused-ignore and the ignore forms it checks. The engine's ignore filter reports it after every rule
// has run, so these cases turn on the rules the ignores name, alongside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../../src/pipeline/lint.js';
import { builtinRules } from '../../rules/index.js';
import type { RuleLevel } from '../../src/types.js';
import { ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;

/** Lints with only the named rules on (and unused-ignore), returning `line:column rule` lines. */
async function run(text: string, on: string[], uri = '/virtual/api.yaml'): Promise<string[]> {
  const rules: Record<string, RuleLevel> = {};
  for (const r of builtinRules) rules[r.meta.id] = 'off';
  for (const id of [...on, 'unused-ignore']) rules[id] = 'warn';
  const { diagnostics } = await lintText(text, uri, { rules });
  return diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`);
}

test('the finding it is about: without the ignore, path-trailing-slash is reported', async () => {
  assert.deepEqual(await run(head + `  /orders/: {}\n`, ['path-trailing-slash']), ['4:10 path-trailing-slash']);
});

test('disable-next-line hides the named rule on the next line, and is used', async () => {
  assert.deepEqual(await run(head + `  # swaglint-disable-next-line path-trailing-slash\n  /orders/: {}\n`, ['path-trailing-slash']), []);
});

test('disable-next-line with two ids: the one that hid nothing is reported at its columns', async () => {
  const text = head + `  # swaglint-disable-next-line path-trailing-slash, path-no-verbs\n  /orders/: {}\n`;
  assert.deepEqual(await run(text, ['path-trailing-slash', 'path-no-verbs']), ['4:53 unused-ignore']);
});

test('disable-next-line covers only the next line', async () => {
  const text = head + `  # swaglint-disable-next-line path-trailing-slash\n  /orders: {}\n  /lines/: {}\n`;
  assert.deepEqual(await run(text, ['path-trailing-slash']), ['4:32 unused-ignore', '6:9 path-trailing-slash']);
});

test('disable-next-line with no id hides every rule on the next line', async () => {
  const text = head + `  # swaglint-disable-next-line\n  /getOrders/: {}\n`;
  assert.deepEqual(await run(text, ['path-trailing-slash', 'path-no-verbs']), []);
});

test('disable … enable: a region, ended by enable', async () => {
  const text = head + `  # swaglint-disable path-trailing-slash\n  /orders/: {}\n  /lines/: {}\n  # swaglint-enable path-trailing-slash\n  /items/: {}\n`;
  assert.deepEqual(await run(text, ['path-trailing-slash']), ['8:9 path-trailing-slash']);
});

test('disable with no id, then enable of one rule: that rule is back on, the others stay off', async () => {
  const text = head + `  # swaglint-disable\n  /getOrders/: {}\n  # swaglint-enable path-no-verbs\n  /getItems/: {}\n`;
  assert.deepEqual(await run(text, ['path-trailing-slash', 'path-no-verbs']), ['7:4 path-no-verbs']);
});

test('a region that hides nothing is reported at its id', async () => {
  const text = head + `  # swaglint-disable path-trailing-slash\n  /orders: {}\n  # swaglint-enable\n`;
  assert.deepEqual(await run(text, ['path-trailing-slash']), ['4:22 unused-ignore']);
});

test('disable-line hides a finding on its own line', async () => {
  assert.deepEqual(await run(head + `  /orders/: {} # swaglint-disable-line path-trailing-slash\n`, ['path-trailing-slash']), []);
});

test('x-swaglint-ignore hides the rule in its object and below, in YAML', async () => {
  const text = head + `  /legacy/getOrders:\n    x-swaglint-ignore: [path-no-verbs]\n    get: {responses: {200: {description: ok}}}\n  /getItems: {}\n`;
  assert.deepEqual(await run(text, ['path-no-verbs']), ['7:4 path-no-verbs']);
});

test('x-swaglint-ignore in JSON, with an entry that hid nothing reported at the entry', async () => {
  const text = JSON.stringify({ swagger: '2.0', info: { title: 'O', version: '1.0', description: 'O' }, paths: { '/getOrders': { 'x-swaglint-ignore': ['path-no-verbs', 'path-case'] } } }, null, 2);
  assert.deepEqual(await run(text, ['path-no-verbs'], '/virtual/api.json'), ['12:9 unused-ignore']);
});

test('turned off, unused-ignore reports nothing; ignores still hide findings', async () => {
  const rules: Record<string, RuleLevel> = { 'unused-ignore': 'off', 'path-trailing-slash': 'warn' };
  const text = head + `  # swaglint-disable-next-line path-no-verbs\n  # swaglint-disable-next-line path-trailing-slash\n  /orders/: {}\n`;
  const { diagnostics } = await lintText(text, '/virtual/api.yaml', { rules });
  assert.deepEqual(diagnostics.filter((d) => d.ruleId === 'unused-ignore' || d.ruleId === 'path-trailing-slash'), []);
});

test('a parse error is never hidden', async () => {
  const { diagnostics } = await lintText(`# swaglint-disable\nswagger: '2.0'\ninfo: [\n`, '/virtual/api.yaml');
  assert.deepEqual(diagnostics.map((d) => d.ruleId), ['parse-error']);
});
