import rule from '../../rules/path-no-multi-id.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testRule, ordersHead } from '../helpers/test-rule.js';
import { lintText } from '../../src/pipeline/lint.js';
import { builtinRules } from '../../rules/index.js';

const head = `${ordersHead}paths:\n`;
const ok = `{responses: {'200': {description: OK}}}`;

testRule(rule, {
  valid: [
    { name: 'one identifier per segment', yaml: head + `  /orders/{order_id}:\n    delete: ${ok}\n` },
    { name: 'an identifier with a format suffix', yaml: head + `  /files/{name}.{format}:\n    get: ${ok}\n` },
    { name: 'an array in the query', yaml: head + `  /orders:\n    get:\n      parameters: [{name: id, in: query, type: array, items: {type: string}}]\n      responses: {'200': {description: OK}}\n` },
  ],
  invalid: [
    {
      name: 'DELETE on semicolon-packed identifiers is an error with the caching reason',
      yaml: head + `  /orders/{id1};{id2}:\n    delete: ${ok}\n`,
      errors: [{ line: 4, column: 11, message: /packs several identifiers.*caches purge the combined path but keep each member path cached, and a 410.*one DELETE per member path/ }],
    },
    { name: 'GET on comma-packed identifiers is a warning', yaml: head + `  /orders/{id1},{id2}:\n    get: ${ok}\n`, errors: [{ line: 4, column: 11, message: /address one member per path/ }] },
    { name: 'matrix parameters', yaml: head + `  /orders;id={id}:\n    get: ${ok}\n`, errors: [{ line: 4, column: 4 }] },
    {
      name: 'an array-typed path parameter, reported at its type',
      yaml: head + `  /orders/{ids}:\n    delete:\n      parameters:\n        - name: ids\n          in: path\n          required: true\n          type: array\n          items: {type: string}\n      responses: {'200': {description: OK}}\n`,
      errors: [{ line: 10, column: 11, message: /'ids' is an array \(collectionFormat csv\).*one DELETE per member path/ }],
    },
  ],
});

// One rule, two weights: the per-finding severity, capped by the configured one.
test('path-no-multi-id: error on DELETE, warn otherwise, never above the configured severity', async () => {
  const yaml = head + `  /orders/{id1};{id2}:\n    delete: ${ok}\n  /lines/{id1};{id2}:\n    get: ${ok}\n`;
  const severities = async (level?: 'warn') => {
    const rules: Record<string, 'off' | 'warn' | 'error'> = Object.fromEntries(builtinRules.map((r) => [r.meta.id, 'off']));
    rules[rule.meta.id] = level ?? 'error';
    const { diagnostics } = await lintText(yaml, '/virtual/api.yaml', { rules });
    return diagnostics.map((d) => `${d.range.start.line + 1} ${d.severity}`);
  };
  assert.deepEqual(await severities(), ['4 error', '6 warn']);
  assert.deepEqual(await severities('warn'), ['4 warn', '6 warn']);
});

test('path-no-multi-id on OpenAPI 3: an array path parameter of a DELETE is an error, of a GET a warning, with its style', async () => {
  const yaml = `openapi: 3.1.0
info: {title: Orders, version: '1.0', description: Orders API}
components:
  parameters:
    ids: {name: ids, in: path, required: true, schema: {type: array, items: {type: string}}}
paths:
  /orders/{ids}:
    parameters: [{$ref: '#/components/parameters/ids'}]
    delete: ${ok}
  /lines/{keys}:
    get:
      parameters: [{name: keys, in: path, required: true, style: label, schema: {type: array, items: {type: string}}}]
      responses: {'200': {description: OK}}
`;
  const rules: Record<string, 'off' | 'error'> = Object.fromEntries(builtinRules.map((r) => [r.meta.id, 'off']));
  rules[rule.meta.id] = 'error';
  const { diagnostics } = await lintText(yaml, '/virtual/api.yaml', { rules });
  assert.deepEqual(diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity}`), ['5:57 error', '12:82 warn']);
  assert.match(diagnostics[0]!.message, /'ids' is an array \(style simple\).*one DELETE per member path/);
  assert.match(diagnostics[1]!.message, /'keys' is an array \(style label\).*query the collection/);
});
