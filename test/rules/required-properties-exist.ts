import rule from '../../rules/required-properties-exist.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'names from allOf, and free-form schemas', yaml: head + `paths: {}\ndefinitions:\n  Base: {properties: {id: {type: string}}}\n  Order:\n    allOf:\n      - \$ref: '#/definitions/Base'\n      - {required: [id, total], properties: {total: {type: number}}}\n  Free: {type: object, required: [anything]}\n  Open: {type: object, required: [x], properties: {a: {type: string}}, additionalProperties: true}\n` },
  ],
  invalid: [
    { name: 'a misspelt name', yaml: head + `paths: {}\ndefinitions:\n  Order:\n    type: object\n    required: [id, totl]\n    properties:\n      id: {type: string}\n      total: {type: number}\n`,
      errors: [{ line: 7, column: 20, message: /'totl' is required but no property declares it \(did you mean 'total'\?\)/ }] },
    // OpenAI's openapi.yaml: 'response_id' was asked "did you mean 'type'?", a name nothing like it
    { name: 'OpenAPI 3.1: no suggestion when no declared name is close', yaml: `openapi: 3.1.0\ninfo: {title: Events, version: '1.0'}\npaths: {}\ncomponents:\n  schemas:\n    Done:\n      type: object\n      properties: {type: {type: string}, sequence_number: {type: integer}}\n      required: [type, response_id]\n`,
      errors: [{ line: 9, column: 24, message: /^'response_id' is required but no property declares it; add it under properties, or remove it from required\.$/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {}, "definitions": {"A": {\n"required": ["b"], "properties": {"a": {}}}}}', errors: [{ line: 2, column: 14 }] },
  ],
});
