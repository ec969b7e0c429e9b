// The conventions that cover OpenAPI 3, on the seed's example paths written as an OpenAPI 3.1 document
// (fixtures/seed/openapi-3.1.yaml; test/conventions-regression.test.ts has them in Swagger 2.0).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectDir } from './helpers/paths.js';
import { lintText } from '../src/pipeline/lint.js';
import { builtinRules, formatsOf } from '../src/pipeline/catalog.js';

const seedFile = path.join(projectDir, 'fixtures', 'seed', 'openapi-3.1.yaml');
const seed = readFileSync(seedFile, 'utf8');

const show = (d: { range: { start: { line: number; character: number } }; ruleId: string }) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`;

/** The conventions that apply to OpenAPI 3 as to Swagger 2.0 (the others have no OpenAPI 3 meaning: their pages say why). */
const bothFormats = [
  'path-no-verbs', 'path-collection-plural', 'path-case', 'path-member-id', 'path-subcollection-nesting', 'path-no-multi-id',
  'path-template-valid', 'path-trailing-slash', 'delete-member-only', 'put-member-only', 'post-collection-only', 'get-no-body',
  'api-version-param', 'api-version-consistent', 'credentials-over-https', 'apikey-not-in-query', 'auth-header-name',
  'security-defined', 'response-success', 'request-body-schema', 'create-response-schema',
];

test('the rules that cover OpenAPI 3 include the path, method, versioning, authentication and request/response conventions', () => {
  const covering = builtinRules.filter((r) => formatsOf(r).includes('openapi3')).map((r) => r.meta.id);
  assert.deepEqual(bothFormats.filter((id) => !covering.includes(id)), []);
});

for (const preset of ['recommended', 'all'] as const) {
  test(`the seed paths as an OpenAPI 3.1 document pass every rule (${preset} preset)`, async () => {
    const { diagnostics, skipped } = await lintText(seed, seedFile, { preset });
    assert.equal(skipped, undefined);
    assert.deepEqual(diagnostics.map((d) => `${show(d)} ${d.ruleId} ${d.message}`), []);
  });
}

test('the seed document is read as OpenAPI 3.1, and every convention that covers OpenAPI 3 ran on it', async () => {
  // each rule turned to error alone, so that a rule which silently skipped OpenAPI 3 would not pass unseen:
  // the document breaks one of them per variant below, and each variant must fail exactly that rule
  const variants: Array<[string, string, string]> = [
    ['credentials-over-https', "  - url: 'https://api.example.com'", "  - url: 'http://api.example.com'"],
    ['api-version-param', "schema: {type: string, default: '7.1', enum: ['7.1']}", "schema: {type: string, default: '7.1', enum: ['7.1', '7']}"],
    ['auth-header-name', 'name: X-Service-Authentication', 'name: X-Api-Key'],
    ['get-no-body', '      description: Read one member.\n', '      description: Read one member.\n      requestBody: {content: {application/json: {schema: {type: object}}}}\n'],
    ['create-response-schema', "        '201': {description: Created., content: {application/json: {schema: {$ref: '#/components/schemas/Line'}}}}", "        '201': {description: Created.}"],
  ];
  for (const [id, from, to] of variants) {
    assert.ok(seed.includes(from), `${id}: the seed has ${from}`);
    const { diagnostics } = await lintText(seed.replace(from, to), seedFile, { preset: 'all' });
    assert.deepEqual([...new Set(diagnostics.map((d) => d.ruleId))], [id], `${id}: ${diagnostics.map((d) => `${show(d)} ${d.ruleId}`).join(', ')}`);
  }
});

test('the seed counter-example, in OpenAPI 3.1, fails path-no-verbs with the RESTful form', async () => {
  const text = seed.replace('  /orders:\n', '  /questions/show/{id}:\n    parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n  /orders:\n');
  const { diagnostics } = await lintText(text, seedFile, { preset: 'all' });
  assert.deepEqual(diagnostics.filter((d) => d.category === 'convention' && d.ruleId !== 'unused-component').map(show), ['46:14 path-no-verbs']);
  assert.match(diagnostics.find((d) => d.ruleId === 'path-no-verbs')!.message, /'show'.*GET \/questions\/\{question_id\}/);
});

test('path-collection-plural reads the member schema of an OpenAPI 3 response by its components name', async () => {
  const text = `openapi: 3.0.3
info: {title: Caches, version: '1.0', description: Caches.}
paths:
  /Redis/{name}:
    get:
      parameters: [{name: name, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: One cache., content: {application/json: {schema: {$ref: '#/components/schemas/RedisResource'}}}}}
components:
  schemas:
    RedisResource: {type: object}
`;
  const { diagnostics } = await lintText(text, 'caches.yaml', { preset: 'all' });
  const found = diagnostics.filter((d) => d.ruleId === 'path-collection-plural');
  assert.deepEqual(found.map(show), ['4:4 path-collection-plural']);
  assert.match(found[0]!.message, /its member path answers with a schema named after it/);
});
