import rule from '../../rules/ref-resolves.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { lintWithOnly, testRule, ordersHead as head } from '../helpers/test-rule.js';
import { projectDir } from '../helpers/paths.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    // data, not reference objects: the specification's example, default and enum are free-form
    { name: 'a $ref in an example is a literal value', yaml: head + `paths:\n  /a:\n    get:\n      responses:\n        '200': {description: OK, examples: {application/json: {$ref: '#/nowhere'}}}\n` },
    { name: 'a $ref in an extension that resolves', yaml: head + `paths: {}\nx-a: {b: {$ref: '#/x-c'}}\nx-c: {}\n` },
    { name: 'local references', yaml: head + `paths:\n  /a:\n    get:\n      responses:\n        '200': {description: OK, schema: {\$ref: '#/definitions/A'}}\ndefinitions:\n  A: {type: object}\n` },
  ],
  invalid: [
    { name: 'a missing definition and a missing file', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - \$ref: 'no-such-file.yaml#/P'\n      responses:\n        '200': {description: OK, schema: {\$ref: '#/definitions/B'}}\ndefinitions:\n  A: {type: object}\n`,
      // /virtual is outside the project (the working directory): a missing file there reads as any file there would
      errors: [{ line: 7, column: 17, message: /leaves the project/ }, { line: 9, column: 49, message: /'definitions\/B' does not exist in this document/ }] },
    { name: 'a pointer without its slash gets a warning', yaml: head + `paths: {}\ndefinitions:\n  A: {type: object}\n  B: {\$ref: '#definitions/A'}\n`,
      errors: [{ line: 6, column: 13, message: /write '#\/definitions\/A'/ }] },
    // issue 14: every $ref counts, vendor extensions included
    { name: 'a broken $ref in a vendor extension', yaml: head + `paths:\n  /a:\n    get:\n      x-ms-examples:\n        List: {$ref: './examples/list.json'}\n      ${ok}\n`,
      // /virtual is outside the project (the working directory): a missing file there reads as any file there would
      errors: [{ line: 7, column: 22, message: /leaves the project/ }] },
    { name: 'a broken $ref in an x-example', yaml: head + `paths: {}\nx-example: {$ref: '#/x-samples/one'}\n`,
      errors: [{ line: 4, column: 19, message: /'x-samples' does not exist in this document; point it at a part of the document that exists/ }] },
    { name: 'a broken $ref where Swagger takes no reference object (items)', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: array, items: {$ref: '#/definitions/Q'}}\n      ${ok}\n`,
      errors: [{ line: 7, column: 59 }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {}, "definitions": {"A": {"$ref": "#/definitions/C"}}}', errors: [{ line: 1, column: 63 }] },
  ],
});

test('ref-resolves: a file that exists with other letter case is named, as the $ref should write it', async () => {
  const file = path.join(projectDir, 'fixtures', 'rules', 'ref-resolves', 'case-mismatch.yaml');
  const result = await lintWithOnly(rule, readFileSync(file, 'utf8'), file);
  const found = result.diagnostics.filter((d) => d.ruleId === 'ref-resolves');
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /the file that exists is \S*case-mismatch\/httpExamples\/items\/GET_items\.json, which differs only in letter case/);
  assert.match(found[0]!.message, /write '\.\/case-mismatch\/httpExamples\/items\/GET_items\.json'\.$/);
  assert.equal(found[0]!.suggestion, './case-mismatch/httpExamples/items/GET_items.json');
});
