// The value check's dialects: OpenAPI 3.0's `nullable`, 3.1's `const` and numeric exclusive limits, and
// Swagger 2.0 reading none of them (its documents' findings stay as they were).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkValue, type CheckContext, type CheckOptions } from '../src/values/value-check.js';
import { RegexCache } from '../src/text/regex-cache.js';

const context: CheckContext = { regexes: new RegexCache(), deref: () => undefined };
const reason = (value: unknown, schema: Record<string, unknown>, dialect?: CheckOptions['dialect']) => checkValue(context, value, schema, { uri: '/api.yaml', required: true, ...(dialect ? { dialect } : {}) })?.reason;

test('nullable: true admits null in OpenAPI 3.0 only', () => {
  const schema = { type: 'string', nullable: true };
  assert.equal(reason(null, schema, 'oas3.0'), undefined);
  assert.equal(reason(null, schema, 'oas3.1'), 'null, not a string (type: string)');
  assert.equal(reason(null, schema), 'null, not a string (type: string)');
});

test('const and numeric exclusive limits are OpenAPI 3.1 (JSON Schema 2020-12) keywords', () => {
  assert.equal(reason('refund', { const: 'order' }, 'oas3.1'), 'not the const value "order"');
  assert.equal(reason('refund', { const: 'order' }, 'oas3.0'), undefined);
  assert.equal(reason(0, { type: 'number', exclusiveMinimum: 0 }, 'oas3.1'), 'not above the exclusive minimum 0');
  assert.equal(reason(5, { type: 'number', exclusiveMaximum: 5 }, 'oas3.1'), 'not below the exclusive maximum 5');
  assert.equal(reason(0, { type: 'number', exclusiveMinimum: 0 }), undefined);
});

test('in OpenAPI 3, a required property that is readOnly or writeOnly may be missing from a value', () => {
  const schema = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
  assert.equal(reason({ name: 'a' }, schema, 'oas3.0'), undefined);
  assert.equal(reason({ id: 1 }, schema, 'oas3.1'), "missing the required property 'name'");
  assert.equal(reason({ name: 'a' }, schema), "missing the required property 'id'");
});

test('in OpenAPI 3.1, a name patternProperties matches is declared, and fits the pattern\'s schema', () => {
  const schema = { type: 'object', properties: { name: { type: 'string' } }, patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false };
  assert.equal(reason({ name: 'a', 'x-color': 'red' }, schema, 'oas3.1'), undefined);
  assert.equal(reason({ name: 'a', 'x-size': 3 }, schema, 'oas3.1'), 'an integer, not a string (type: string)');
  assert.equal(reason({ name: 'a', size: 3 }, schema, 'oas3.1'), "carrying 'size', which is not a declared property (additionalProperties: false)");
  assert.equal(reason({ name: 'a', 'x-color': 'red' }, schema), "carrying 'x-color', which is not a declared property (additionalProperties: false)");
});
