import rule from '../../rules/required-properties-exist.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\n`;
const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'names from allOf, and free-form schemas', yaml: head + `paths: {}\ndefinitions:\n  Base: {properties: {id: {type: string}}}\n  Order:\n    allOf:\n      - \$ref: '#/definitions/Base'\n      - {required: [id, total], properties: {total: {type: number}}}\n  Free: {type: object, required: [anything]}\n  Open: {type: object, required: [x], properties: {a: {type: string}}, additionalProperties: true}\n` },
  ],
  invalid: [
    { name: 'a misspelt name', yaml: head + `paths: {}\ndefinitions:\n  Order:\n    type: object\n    required: [id, totl]\n    properties:\n      id: {type: string}\n      total: {type: number}\n`,
      errors: [{ line: 7, column: 20, message: /'totl' is required but no property declares it \(did you mean 'total'\?\)/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {}, "definitions": {"A": {\n"required": ["b"], "properties": {"a": {}}}}}', errors: [{ line: 2, column: 14 }] },
  ],
});
