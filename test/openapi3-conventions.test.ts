// The conventions that cover OpenAPI 3 (path and method rules), on the seed's example paths written as an
// OpenAPI 3.1 document (test/conventions-regression.test.ts has them in Swagger 2.0).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../src/pipeline/lint.js';
import { builtinRules, formatsOf } from '../src/formats/index.js';

const seed = `openapi: 3.1.0
info: {title: Orders and builds, version: '7.1', description: The seed interface.}
servers: [{url: 'https://api.example.com'}]
components:
  securitySchemes:
    service: {type: apiKey, in: header, name: X-Service-Authentication}
  schemas:
    Order: {type: object, required: [customer], properties: {customer: {type: string}}}
    Line: {type: object, required: [item], properties: {item: {type: string}}}
    BuildDefinition: {type: object, required: [name], properties: {name: {type: string}}}
security: [{service: []}]
paths:
  /orders:
    get: {responses: {'200': {description: The orders, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Order'}}}}}}}
    post:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}
      responses: {'201': {description: Created, content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}}
  /orders/{order_id}:
    parameters:
      - {name: order_id, in: path, required: true, schema: {type: string}}
    get: {responses: {'200': {description: The order, content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}}}
    put:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}
      responses: {'200': {description: Replaced, content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}}
  /orders/{order_id}/lines:
    parameters:
      - {name: order_id, in: path, required: true, schema: {type: string}}
    get: {responses: {'200': {description: The lines, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Line'}}}}}}}
    post:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Line'}}}}
      responses: {'201': {description: Created, content: {application/json: {schema: {$ref: '#/components/schemas/Line'}}}}}
  /{organization}/{project}/_apis/build/definitions:
    parameters:
      - {name: organization, in: path, required: true, schema: {type: string}}
      - {name: project, in: path, required: true, schema: {type: string}}
    post:
      parameters:
        - {name: api-version, in: query, required: true, schema: {type: string, default: '7.1'}}
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/BuildDefinition'}}}}
      responses: {'200': {description: The build definition, content: {application/json: {schema: {$ref: '#/components/schemas/BuildDefinition'}}}}}
`;

const show = (d: { range: { start: { line: number; character: number } }; ruleId: string }) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`;

test('the rules that cover OpenAPI 3 include the path and method conventions', () => {
  const covering = builtinRules.filter((r) => formatsOf(r).includes('openapi3')).map((r) => r.meta.id);
  for (const id of ['path-no-verbs', 'path-case', 'path-member-id', 'delete-member-only', 'put-member-only', 'post-collection-only']) assert.ok(covering.includes(id), id);
});

// the seed writes no descriptions for its operations and properties: description-nonempty (opt-in,
// about documentation, not one of the seed's interface conventions) would ask for them, as it does of
// the Swagger 2.0 seed, which conventions-regression.test.ts checks against the interface conventions only
const allButDescriptions = { preset: 'all', rules: { 'description-nonempty': 'off' } } as const;

test('the seed paths as an OpenAPI 3.1 document: valid, and every convention that covers OpenAPI 3 passes', async () => {
  const { diagnostics, skipped } = await lintText(seed, '/virtual/seed.yaml', allButDescriptions);
  assert.equal(skipped, undefined);
  assert.deepEqual(diagnostics.map((d) => `${show(d)} ${d.message}`), []);
});

test('the seed counter-example, in OpenAPI 3.1, fails path-no-verbs with the RESTful form', async () => {
  const text = seed.replace('  /orders:\n', '  /questions/show/{id}:\n    parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n  /orders:\n');
  const { diagnostics } = await lintText(text, '/virtual/seed.yaml', allButDescriptions);
  assert.deepEqual(diagnostics.filter((d) => d.category === 'convention' && d.ruleId !== 'unused-component').map(show), ['13:14 path-no-verbs']);
  assert.match(diagnostics.find((d) => d.ruleId === 'path-no-verbs')!.message, /'show'.*GET \/questions\/\{question_id\}/);
});
