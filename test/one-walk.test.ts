// One walk per document: the engine's, which every rule's visitors share. Counted, not timed: a walk
// lists the keys of every object of the document, so the keys of one object deep inside (a tag's
// externalDocs, which no rule reads as a whole) are listed once per walk. (A 3.1 `$ref` that no JSON
// pointer resolves costs one scan more, for the `$id`s and `$anchor`s it may name: src/lint/anchors.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSource } from '../src/load/source.js';
import { resolveDocument } from '../src/load/load.js';
import { activeRules } from '../src/pipeline/lint.js';
import { openapi3 } from '../src/formats/openapi3.js';
import { runRules, type ActiveRule } from '../src/lint/run-rules.js';

/**
 * Rules that read the document beyond the walk: the official schema's validator lists every object's
 * keys by design. The second test makes sure a rule listed here does read it again.
 */
const stillOnTheModel = new Set([
  'schema-valid',
]);

const text = `openapi: 3.1.0
info: {title: Orders, version: '1'}
tags:
  - name: orders
    externalDocs: {url: 'https://example.com/orders', description: Orders}
paths:
  /orders:
    $ref: '#/components/pathItems/Orders'
components:
  pathItems:
    Orders:
      get:
        operationId: listOrders
        responses:
          '200':
            description: OK
            content:
              application/json:
                schema: {$ref: '#/components/schemas/Order'}
  schemas:
    Order:
      $id: 'https://example.com/schemas/order'
      type: object
      properties:
        id: {type: string}
        customer: {$ref: '#/components/schemas/Order/$defs/Customer', description: who ordered}
      $defs:
        Customer: {$anchor: customer, type: object}
`;

/** How many times the tag's externalDocs has its keys listed while `rules` lint the document. */
async function walksWith(rules: readonly ActiveRule[]): Promise<number> {
  const parsed = parseSource(text, '/virtual/orders.yaml');
  if (!parsed.ok) throw new Error(parsed.problem.message);
  const doc = await resolveDocument(parsed.source, { cwd: '/virtual' });
  const tag = ((doc.root.value as Record<string, unknown>)['tags'] as Array<Record<string, unknown>>)[0]!;
  let listed = 0;
  tag['externalDocs'] = new Proxy(tag['externalDocs'] as object, {
    ownKeys(target) {
      listed++;
      return Reflect.ownKeys(target);
    },
  });
  for (const { rule } of rules) await rule.setup?.('openapi3');
  runRules(doc, openapi3, rules);
  return listed;
}

const everyRule = () => activeRules({ preset: 'all' }, undefined, openapi3);

test('OpenAPI 3.1: the rules that read no private model share one walk of the document', async () => {
  const rules = (await everyRule()).filter(({ rule }) => !stillOnTheModel.has(rule.meta.id));
  assert.ok(rules.length > 25, `${rules.length} rules`);
  assert.equal(await walksWith(rules), 1);
});

test('each rule listed as still on the private model does walk the document again (take it off the list once converted)', async () => {
  const rules = await everyRule();
  const walksAgain: string[] = [];
  for (const active of rules) if (stillOnTheModel.has(active.rule.meta.id) && (await walksWith([active])) > 1) walksAgain.push(active.rule.meta.id);
  assert.deepEqual(walksAgain.sort(), [...stillOnTheModel].filter((id) => rules.some((r) => r.rule.meta.id === id)).sort());
});
