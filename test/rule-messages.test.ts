// What the rule context gives every rule, whatever its format: messages by id (ESLint's
// `meta.messages`), JSON Schema 2020-12's `$id`/`$anchor` resolution in OpenAPI 3.1, and a 3.1
// schema's `$ref` visited as one keyword among others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../src/pipeline/lint.js';
import { defineRule, type AnyRule } from '../src/lint/rule.js';

// the toy rule's findings, and its internal error (the built-in rules also run, and are left out)
const lintWith = async (rule: AnyRule, text: string) =>
  (await lintText(text, '/virtual/api.yaml', { cwd: '/virtual', plugins: [rule], rules: { [rule.meta.id]: 'error' } })).diagnostics.filter((d) => d.ruleId === rule.meta.id || (d.ruleId === 'internal-error' && d.message.includes(rule.meta.id)));

const at = (d: { ruleId: string; messageId?: string; message: string; range: { start: { line: number; character: number } } }) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId} ${d.messageId ?? '-'} ${d.message}`;

test('a rule reports by message id: the template filled from data, the id on the finding', async () => {
  const rule = defineRule({
    meta: { id: 'toy-ids', formats: ['swagger2', 'openapi3'], severity: 'error', description: 'toy', messages: { untitled: 'The API {{ name }} has no title; {{missing}} stays.' } },
    create: (ctx) => ({
      Info(info, node) {
        if (info['title'] === undefined) ctx.report({ node, messageId: 'untitled', data: { name: 'Orders' } });
      },
    }),
  });
  for (const head of ['swagger: "2.0"', 'openapi: 3.0.3']) {
    const found = await lintWith(rule as AnyRule, `${head}\ninfo: {version: '1'}\npaths: {}\n`);
    assert.deepEqual(found.map(at), ['2:1 toy-ids untitled The API Orders has no title; {{missing}} stays.'], head);
  }
});

test('a message id the rule does not define is its internal error, not a silent finding', async () => {
  const rule = defineRule({
    meta: { id: 'toy-bad-id', formats: ['openapi3'], severity: 'error', description: 'toy', messages: {} },
    create: (ctx) => ({ Info: (_info, node) => ctx.report({ node, messageId: 'nope' }) }),
  });
  const found = await lintWith(rule as AnyRule, `openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n`);
  assert.deepEqual(found.map((d) => d.ruleId), ['internal-error']);
  assert.match(found[0]!.message, /message id 'nope'/);
});

const anchored = `openapi: 3.1.0
info: {title: T, version: '1'}
paths: {}
components:
  schemas:
    Order:
      $id: 'https://example.com/order'
      type: object
      properties:
        customer: {$ref: '#customer', description: who}
        again: {$ref: 'https://example.com/order'}
    Customer: {$anchor: customer, type: object}
`;

test('OpenAPI 3.1: ctx.resolve follows a $ref to an $anchor or an $id; a schema beside its $ref is visited too', async () => {
  const rule = defineRule({
    meta: { id: 'toy-anchors', formats: ['openapi3'], severity: 'error', description: 'toy' },
    create: (ctx) => ({
      Schema(schema, node) {
        if (typeof schema['$ref'] !== 'string') return;
        const target = ctx.resolve(node);
        ctx.report({ node, message: target.ok ? `${schema['$ref']} → /${target.pointer.join('/')}` : `${schema['$ref']} unresolved` });
      },
    }),
  });
  const found = await lintWith(rule as AnyRule, anchored);
  assert.deepEqual(found.map(at), [
    '10:9 toy-anchors - #customer → /components/schemas/Customer',
    '11:9 toy-anchors - https://example.com/order → /components/schemas/Order',
  ]);
  // 3.0: a Reference Object stands for its target; its siblings are no schema, and `$anchor` is no keyword
  assert.deepEqual(await lintWith(rule as AnyRule, anchored.replace('3.1.0', '3.0.3')), []);
});
