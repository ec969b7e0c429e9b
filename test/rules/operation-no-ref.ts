import { test } from 'node:test';
import assert from 'node:assert/strict';
import rule from '../../rules/operation-no-ref.js';
import { lintText } from '../../src/pipeline/lint.js';
import { testRule } from '../helpers/test-rule.js';

const oas30 = `openapi: 3.0.3\ninfo: {title: Pets, version: '1.0'}\n`;
const swagger = `swagger: '2.0'\ninfo: {title: Pets, version: '1.0'}\n`;

testRule(rule, {
  valid: [
    { name: 'a Path Item given by $ref', yaml: oas30 + `paths:\n  /pets:\n    $ref: '#/components/pathItems/Pets'\n` },
    { name: 'operations in place', yaml: swagger + `paths:\n  /pets:\n    get: {responses: {'200': {description: OK}}}\n` },
    { name: 'a $ref that is no string (schema-valid says what is wrong)', yaml: oas30 + `paths:\n  /pets:\n    get: {$ref: 3, responses: {'200': {description: OK}}}\n` },
  ],
  invalid: [
    {
      name: 'OpenAPI 3.0: one, naming the version',
      yaml: oas30 + `paths:\n  /pets:\n    get:\n      $ref: '#/x-ops/list'\n`,
      errors: [{ line: 6, column: 7, messageId: 'one', message: /^OpenAPI 3\.0 does not allow \$ref on an Operation Object; reference the Path Item instead or inline the operation\.$/ }],
    },
    {
      name: 'Swagger 2.0: three in one file are one finding',
      yaml: swagger + `paths:\n  /pets:\n    get: {$ref: '#/x-ops/a'}\n    post: {$ref: '#/x-ops/b'}\n  /stores:\n    get: {$ref: '#/x-ops/c'}\n`,
      errors: [{ line: 5, column: 11, messageId: 'many', message: /^Swagger 2\.0 does not allow \$ref on an Operation Object \(3 operations in this file/ }],
    },
  ],
});

test('operation-no-ref: the other operations are related places, each at its $ref', async () => {
  const yaml = swagger + `paths:\n  /pets:\n    get: {$ref: '#/x-ops/a'}\n    post: {$ref: '#/x-ops/b'}\n`;
  const { diagnostics } = await lintText(yaml, '/virtual/api.yaml', { rules: { [rule.meta.id]: 'error' }, preset: 'recommended' });
  const cause = diagnostics.find((d) => d.ruleId === rule.meta.id)!;
  assert.deepEqual(cause.related?.map((r) => `${r.range.start.line + 1}:${r.range.start.character + 1}`), ['6:12']);
  // what the fold stage reads: each operation, every rule but ref-resolves
  assert.deepEqual(cause.consequences, [
    { uri: '/virtual/api.yaml', pointer: '/paths/~1pets/get', exceptRules: ['ref-resolves'] },
    { uri: '/virtual/api.yaml', pointer: '/paths/~1pets/post', exceptRules: ['ref-resolves'] },
  ]);
});
