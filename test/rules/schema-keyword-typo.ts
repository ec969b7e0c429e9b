import { test } from 'node:test';
import assert from 'node:assert/strict';
import rule from '../../rules/schema-keyword-typo.js';
import { meantKeyword } from '../../rules/lib/schema-keywords.js';
import { oneEditApart } from '../../src/text/edit-distance.js';
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/pipeline/lint.js';
import { testRule } from '../helpers/test-rule.js';

const oas31 = `openapi: 3.1.0\ninfo: {title: Pets, version: '1.0'}\npaths: {}\ncomponents:\n  schemas:\n`;

testRule(rule, {
  valid: [
    { name: 'keywords as written', yaml: oas31 + `    Tags: {type: array, minItems: 1, maxItems: 9, items: {type: string, maxLength: 20}}\n` },
    { name: 'property names', yaml: oas31 + `    Pet:\n      properties:\n        min_items: {type: integer}\n        tpye: {type: string}\n` },
    { name: 'an extension and a value', yaml: oas31 + `    Pet: {type: object, x-maxitems: 3, example: {maxitems: 3}}\n` },
    { name: 'a near miss holding another kind of value', yaml: oas31 + `    Pet: {type: object, item: 3, maximun: big}\n` },
    { name: 'OpenAPI 3.0: schema-valid\'s', yaml: `openapi: 3.0.3\ninfo: {title: Pets, version: '1.0'}\npaths: {}\ncomponents:\n  schemas:\n    Tags: {type: array, min_items: 1, items: {}}\n` },
    { name: 'Swagger 2.0: schema-valid\'s', yaml: `swagger: '2.0'\ninfo: {title: Pets, version: '1.0'}\npaths: {}\ndefinitions:\n  Tags: {type: array, min_items: 1, items: {}}\n` },
  ],
  invalid: [
    { name: 'an underscore', yaml: oas31 + `    Tags: {type: array, min_items: 1}\n`, errors: [{ line: 6, column: 25, message: /^`min_items` is no JSON Schema keyword, so OpenAPI 3.1 ignores it: did you mean `minItems`\?$/ }] },
    { name: 'a case slip', yaml: oas31 + `    Tags:\n      maxitems: 3\n`, errors: [{ line: 7, column: 7, message: /did you mean `maxItems`/ }] },
    { name: 'a letter changed', yaml: oas31 + `    Age: {type: integer, exclusiveMinimun: 0}\n`, errors: [{ line: 6, column: 26, message: /did you mean `exclusiveMinimum`/ }] },
    { name: 'two letters swapped, in a nested schema', yaml: oas31 + `    Pet:\n      properties:\n        kind: {tpye: string}\n`, errors: [{ line: 8, column: 16, message: /did you mean `type`/ }] },
  ],
});

test('schema-keyword-typo: a suggestion that is the keyword', async () => {
  const rules = Object.fromEntries(builtinRules.map((r) => [r.meta.id, r.meta.id === rule.meta.id ? 'warn' : 'off'] as const));
  const { diagnostics } = await lintText(oas31 + `    Tags: {type: array, min_items: 1}\n`, '/virtual/api.yaml', { rules });
  assert.equal(diagnostics[0]?.suggestion, 'minItems');
});

test('Swagger 2.0 and OpenAPI 3.0: one finding, schema-valid\'s error naming the keyword meant', async () => {
  const rules = Object.fromEntries(builtinRules.map((r) => [r.meta.id, r.meta.id === rule.meta.id || r.meta.id === 'schema-valid' ? 'error' : 'off'] as const));
  const docs = [
    `swagger: '2.0'\ninfo: {title: Pets, version: '1.0'}\npaths: {}\ndefinitions:\n  Tags: {type: array, min_items: 1, items: {tpye: string, maxLenght: 3}}\n`,
    `openapi: 3.0.3\ninfo: {title: Pets, version: '1.0'}\npaths: {}\ncomponents:\n  schemas:\n    Tags: {type: array, min_items: 1, items: {tpye: string, maxLenght: 3}}\n`,
  ];
  for (const yaml of docs) {
    const { diagnostics } = await lintText(yaml, '/virtual/api.yaml', { rules });
    assert.deepEqual(diagnostics.map((d) => `${d.ruleId} ${d.message}`), [
      'schema-valid Unknown property `min_items` in a schema; did you mean `minItems`?',
      // a swap, two edits to plain edit distance
      'schema-valid Unknown property `tpye` in a schema; did you mean `type`?',
      'schema-valid Unknown property `maxLenght` in a schema; did you mean `maxLength`?',
    ]);
  }
});

test('oneEditApart: Damerau-Levenshtein 1', () => {
  assert.ok(oneEditApart('maxLenght', 'maxLength'));
  assert.ok(oneEditApart('patern', 'pattern'));
  assert.ok(oneEditApart('itemss', 'items'));
  assert.ok(oneEditApart('tipe', 'type'));
  assert.ok(!oneEditApart('type', 'type'));
  assert.ok(!oneEditApart('tpyes', 'type'));
  assert.ok(!oneEditApart('minimum', 'maximum'));
});

test('meantKeyword: spelling variants, slips, and what is no slip', () => {
  assert.equal(meantKeyword('min-items', 1), 'minItems');
  assert.equal(meantKeyword('READONLY', true), 'readOnly');
  assert.equal(meantKeyword('ref', '#/a'), '$ref');
  assert.equal(meantKeyword('id', 'a'), undefined);
  assert.equal(meantKeyword('nullable', true), undefined);
  assert.equal(meantKeyword('x-minitems', 1), undefined);
  assert.equal(meantKeyword('minItems', 1), undefined);
  assert.equal(meantKeyword('item', 'a'), undefined);
});
