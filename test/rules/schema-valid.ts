import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import rule from '../../rules/schema-valid.js';
import { lintWithOnly, testRule, ordersHead as head } from '../helpers/test-rule.js';
import { lintInput } from '../../src/pipeline/lint.js';
import { projectDir } from '../helpers/paths.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'a minimal document', yaml: head + `paths: {}\n` },
    { name: 'every kind of parameter and security scheme', yaml: head + `paths:\n  /a/{id}:\n    post:\n      consumes: [multipart/form-data]\n      parameters:\n        - {name: id, in: path, required: true, type: string}\n        - {name: q, in: query, type: array, items: {type: string}, collectionFormat: multi}\n        - {name: X-A, in: header, type: string}\n        - {name: f, in: formData, type: file}\n      ${ok}\nsecurityDefinitions:\n  b: {type: basic}\n  k: {type: apiKey, name: key, in: header}\n  o: {type: oauth2, flow: password, tokenUrl: 'https://x/t', scopes: {}}\n` },
    { name: 'definitions in another file through a $ref', yaml: head + `paths: {}\ndefinitions: {$ref: 'definitions.yaml'}\n` },
    // issue 14: a $ref stands for its target; a list where a list belongs fits
    { name: 'a $ref to a list where a list belongs', yaml: head + `paths:\n  /a:\n    parameters: {$ref: '#/x-lists/common'}\n    get: {${ok}}\nx-lists:\n  common:\n    - {name: q, in: query, type: string}\n` },
  ],
  invalid: [
    { name: 'a misspelt property, with its suggestion', yaml: head + `paths:\n  /a:\n    get:\n      sumary: A\n      ${ok}\n`,
      errors: [{ line: 6, column: 7, message: /^Unknown property `sumary` in an operation; did you mean `summary`\?$/ }] },
    { name: 'a parameter location, with the list', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: a, in: cookie, type: string}\n      ${ok}\n`,
      errors: [{ line: 7, column: 25, message: /`in` is the string "cookie"; it must be one of: body, header, formData, query, path\./ }] },
    { name: 'a body parameter is judged as a body parameter only', yaml: head + `paths:\n  /a:\n    post:\n      parameters:\n        - {name: a, in: body, type: string}\n      ${ok}\n`,
      errors: [{ line: 7, column: 11, message: /missing the required property `schema`/ }, { line: 7, column: 31, message: /Unknown property `type` in a body parameter/ }] },
    // issue 14: one parameter where the specification wants a list of them
    { name: 'a $ref to one parameter where a list belongs', yaml: head + `parameters:\n  sid: {name: sid, in: path, required: true, type: string}\npaths:\n  /s/{sid}:\n    parameters: {$ref: '#/parameters/sid'}\n    get: {${ok}}\n`,
      errors: [{ line: 7, column: 24, message: /^\$ref '#\/parameters\/sid' stands for what it names, a parameter, and that does not fit here: `parameters` must be a list, not an object\. Put the \$ref inside a list/ }] },
    { name: 'a $ref to a schema where an items object belongs', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: array, items: {$ref: '#/definitions/Q'}}\n      ${ok}\ndefinitions:\n  Q: {type: object, properties: {a: {type: string}}}\n`,
      errors: [{ line: 7, column: 59, message: /stands for what it names, a schema, and that does not fit here: Unknown property `properties` in an items object/ }] },
    { name: 'a list by $ref with a bad member: found in the list, where nothing else checks it', yaml: head + `paths:\n  /a:\n    parameters: {$ref: '#/x-lists/common'}\n    get: {${ok}}\nx-lists:\n  common:\n    - {name: q, in: cookie, type: string}\n`,
      errors: [{ line: 9, column: 21, message: /`in` is the string "cookie".*\(This is what \$ref '#\/x-lists\/common' stands for\.\)/ }] },
    { name: 'empty responses', yaml: head + `paths:\n  /a:\n    get:\n      responses: {}\n`,
      errors: [{ line: 6, column: 7, message: /at least one status code or `default`/ }] },
    { name: 'JSON, with escapes before the finding', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "info": {"title": "A\\u00e9", "version": "1", "descrption": "x"}, "paths": {}}',
      errors: [{ line: 1, column: 65, message: /did you mean `description`/ }] },
  ],
});

test('schema-valid leaves swagger and info.title/version to their own rules', async () => {
  const result = await lintWithOnly(rule, `swagger: 2.0\ninfo: {version: 1}\npaths: {}\n`);
  assert.deepEqual(result.diagnostics.filter((d) => d.ruleId === 'schema-valid').map((d) => d.message), []);
});

test('findings in a $ref\'d file point into that file', async () => {
  const dir = path.join(projectDir, 'fixtures', 'rules', 'schema-valid', 'external');
  const result = await lintInput({ path: path.join(dir, 'api.yaml') }, { rules: Object.fromEntries([['schema-valid', 'error']]), preset: 'recommended' });
  const found = result.diagnostics.filter((d) => d.ruleId === 'schema-valid').map((d) => `${path.basename(d.uri)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
  assert.deepEqual(found, [
    'parameters.yaml:5:3 Unknown property `maximun` in a query parameter; did you mean `maximum`?',
    'responses.yaml:1:1 A response is missing the required property `description`.',
    'responses.yaml:2:3 Unknown property `descripton` in a response; did you mean `description`?',
  ]);
});

test('a path parameter without required: true is one finding, path-params-match\'s (issue 30), missing or false', async () => {
  const { builtinRules } = await import('../../rules/index.js');
  const both = new Set(['schema-valid', 'path-params-match']);
  for (const [parameter, column] of [['{name: id, in: path, type: string}', 22], ['{name: id, in: path, type: string, required: false}', 56]] as const) {
    const text = head + `paths:\n  /a/{id}:\n    get:\n      parameters:\n        - ${parameter}\n      ${ok}\n`;
    const result = await lintInput({ text, uri: '/virtual/api.yaml' }, { rules: Object.fromEntries(builtinRules.map((r) => [r.meta.id, both.has(r.meta.id) ? ('error' as const) : ('off' as const)])) });
    assert.deepEqual(result.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`), [`7:${column} path-params-match`]);
  }
});

// OpenAPI 3.1's license: `identifier` and `url` exclude each other (a dependentSchemas `not`); Redocly's
// oas3.1 example was told "`url` is not allowed in the license object", as if a license had no url
const license = (fields: string) => `openapi: 3.1.0\ninfo:\n  title: Orders\n  version: '1.0'\n  license: {name: MIT, ${fields}}\npaths: {}\n`;
testRule(rule, {
  valid: [
    { name: '3.1 a license with an identifier', yaml: license('identifier: MIT') },
    { name: '3.1 a license with a url', yaml: license("url: 'https://opensource.org/licenses/MIT'") },
  ],
  invalid: [
    { name: '3.1 a license with both identifier and url', yaml: license("identifier: MIT, url: 'https://opensource.org/licenses/MIT'"),
      errors: [{ line: 5, column: 41, message: /^The license object has both `identifier` and `url`; they exclude each other: keep one\.$/ }] },
  ],
});
