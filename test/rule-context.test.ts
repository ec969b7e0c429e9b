// The rule context gives rules what they used to reach under it for: nodes at a pointer, `$ref`
// resolution, and one finding where a rule reports the same thing twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineRule, lintText, type Node } from '../src/index.js';

const text = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders}
paths:
  /orders:
    get:
      parameters: [{$ref: '#/parameters/limit'}]
      responses: {200: {description: ok}}
parameters:
  limit: {name: limit, in: query, type: integer}
`;

test('identical findings of one rule are reported once; different places or messages are kept', async () => {
  const rule = defineRule({
    meta: { id: 'acme/twice', category: 'convention', severity: 'warn', description: 'Reports the info object twice.' },
    create: (ctx) => ({
      Info(_info, node) {
        ctx.report({ node, message: 'once' });
        ctx.report({ node, message: 'once' });
        ctx.report({ node, message: 'another message' });
        ctx.report({ node, property: 'title', message: 'once' });
      },
    }),
  });
  const found = (await lintText(text, '/w/api.yaml', { plugins: [rule], category: 'convention', rules: { 'acme/twice': 'warn' } })).diagnostics.filter((d) => d.ruleId === 'acme/twice');
  assert.deepEqual(found.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`), ['2:1 another message', '2:1 once', '2:8 once']);
});

test('ctx.resolveRef and ctx.nodeAt: a $ref target as a node that keeps its API path', async () => {
  let target: Node | undefined;
  let missing: boolean | undefined;
  const rule = defineRule({
    meta: { id: 'acme/probe', category: 'convention', severity: 'warn', description: 'Reports each parameter $ref target.' },
    create: (ctx) => ({
      Ref(ref, node) {
        const resolved = ctx.resolveRef(node.source, ref);
        assert.ok(resolved.ok);
        target = ctx.nodeAt(resolved.source, resolved.pointer, { kind: 'Parameter', parent: node });
        ctx.report({ node: target, property: 'name', at: 'value', message: `target of ${ref}` });
        // kept for after the run: an assertion failing inside a rule becomes an internal-error finding
        missing = ctx.resolveRef(node.source.uri, '#/parameters/none').ok;
      },
    }),
  });
  const { diagnostics } = await lintText(text, '/w/api.yaml', { plugins: [rule], category: 'convention', rules: { 'acme/probe': 'warn' } });
  assert.deepEqual(diagnostics.filter((d) => d.ruleId === 'internal-error'), []);
  const found = diagnostics.filter((d) => d.ruleId === 'acme/probe');
  assert.deepEqual(found.map((d) => [`${d.range.start.line + 1}:${d.range.start.character + 1}`, d.pointer, d.apiPath]), [['9:17', '/parameters/limit/name', '/orders']]);
  assert.equal(missing, false);
  assert.equal(target?.kind, 'Parameter');
  assert.deepEqual(target?.value, { name: 'limit', in: 'query', type: 'integer' });
});

test('a visitor that throws stops its rule for the document, once; the rules visiting the same kind go on', async () => {
  const doc = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders}
paths: {}
definitions:
  A: {type: object}
  B: {type: object}
  C: {type: object}
`;
  const seen: string[] = [];
  const thrower = defineRule({
    meta: { id: 'acme/thrower', category: 'convention', severity: 'warn', description: 'Throws at the second schema.' },
    create: () => ({
      Schema(_schema, node) {
        seen.push(`thrower ${node.key}`);
        if (node.key === 'B') throw new Error('boom');
      },
    }),
  });
  const counter = defineRule({
    meta: { id: 'acme/counter', category: 'convention', severity: 'warn', description: 'Reports every schema.' },
    create: (ctx) => ({
      Schema(_schema, node) {
        seen.push(`counter ${node.key}`);
        ctx.report({ node, message: 'a schema' });
      },
    }),
  });
  const { diagnostics } = await lintText(doc, '/w/api.yaml', { plugins: [thrower, counter], category: 'convention', rules: { 'acme/thrower': 'warn', 'acme/counter': 'warn' } });
  assert.deepEqual(seen, ['thrower A', 'counter A', 'thrower B', 'counter B', 'counter C']);
  const errors = diagnostics.filter((d) => d.ruleId === 'internal-error');
  assert.deepEqual(errors.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.pointer}`), ['6:3 /definitions/B']);
  assert.match(errors[0]!.message, /^Rule 'acme\/thrower' failed here and was stopped for this document: boom\./);
  assert.equal(diagnostics.filter((d) => d.ruleId === 'acme/counter').length, 3);
});
