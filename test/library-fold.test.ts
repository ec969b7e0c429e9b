// One root cause, one finding in the library too (issue 39): `lint`, `lintText` and `lintInput` fold a
// cause's consequences into it by default, as the CLI and the language server report them, and keep
// them as findings of their own with `fold: false`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, lintText } from '../src/index.js';

const text = `swagger: '2.0'
info:
  title: Orders
  version: '1.0'
  description: Orders.
paths:
  /orders/{id}:
    get:
      $ref: '#/x-operations/get'
x-operations:
  get:
    responses:
      '200':
        description: The order.
`;
const uri = '/work/api.yaml';

test('the library folds a cause\'s consequences into it by default', async () => {
  const { diagnostics } = await lintText(text, uri);
  const cause = diagnostics.find((d) => d.ruleId === 'operation-no-ref');
  assert.deepEqual(cause?.folded?.map((d) => d.ruleId), ['response-success']);
  assert.ok(!diagnostics.some((d) => d.ruleId === 'response-success'), 'the consequence is not a finding of its own');
  assert.deepEqual((await lint({ text, uri })).map((d) => d.ruleId), diagnostics.map((d) => d.ruleId));
});

test('fold: false keeps the consequences as findings of their own', async () => {
  const { diagnostics } = await lintText(text, uri, { fold: false });
  assert.ok(diagnostics.some((d) => d.ruleId === 'response-success'));
  assert.ok(diagnostics.every((d) => d.folded === undefined));
});
