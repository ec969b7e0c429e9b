import { test } from 'node:test';
import assert from 'node:assert/strict';
import rule from '../../rules/tag-name-unique.js';
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/pipeline/lint.js';
import { testRule } from '../helpers/test-rule.js';

const swagger = `swagger: '2.0'\ninfo: {title: Pets, version: '1.0', description: Pets API}\npaths: {}\n`;
const oas31 = `openapi: 3.1.0\ninfo: {title: Pets, version: '1.0'}\npaths: {}\n`;

testRule(rule, {
  valid: [
    { name: 'distinct names', yaml: swagger + `tags:\n  - name: pets\n  - name: owners\n` },
    { name: 'names differ in case: two tags', yaml: oas31 + `tags:\n  - name: pets\n  - name: Pets\n` },
    { name: 'no tags', yaml: oas31 },
  ],
  invalid: [
    { name: 'Swagger 2.0: a repeat, at its name value', yaml: swagger + `tags:\n  - name: pets\n  - name: pets\n`, errors: [{ line: 6, column: 11, message: /^Tag name 'pets' is already used at line 5; each tag name in the list MUST be unique: merge the two tags into one\.$/ }] },
    { name: 'OpenAPI 3.1: each repeat names the first', yaml: oas31 + `tags:\n  - name: pets\n  - {name: pets, description: again}\n  - name: pets\n`, errors: [{ line: 6, column: 12, message: /at line 5;/ }, { line: 7, column: 11, message: /at line 5;/ }] },
    { name: 'OpenAPI 3.0', yaml: `openapi: 3.0.3\ninfo: {title: Pets, version: '1.0'}\npaths: {}\ntags: [{name: a}, {name: b}, {name: a}]\n`, errors: [{ line: 4, column: 37 }] },
  ],
});

// The official schemas' `uniqueItems` on `tags` (Swagger 2.0, OpenAPI 3.0) sees the same cause.
test('tag-name-unique: two equal tags are one finding, not a schema-valid one too', async () => {
  const rules = Object.fromEntries(builtinRules.map((r) => [r.meta.id, r.meta.id === 'schema-valid' || r.meta.id === rule.meta.id ? 'error' : 'off'] as const));
  for (const head of [swagger, `openapi: 3.0.3\ninfo: {title: Pets, version: '1.0'}\npaths: {}\n`]) {
    const { diagnostics } = await lintText(head + `tags:\n  - name: pets\n  - name: pets\n`, '/virtual/api.yaml', { rules });
    assert.deepEqual(diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`), ['6:11 tag-name-unique']);
  }
  // a list that is no list is still schema-valid's
  const { diagnostics } = await lintText(swagger + `tags: pets\n`, '/virtual/api.yaml', { rules });
  assert.deepEqual(diagnostics.map((d) => d.ruleId), ['schema-valid']);
});
