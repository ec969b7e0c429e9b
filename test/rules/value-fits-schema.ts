import rule from '../../rules/value-fits-schema.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'fitting values', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: limit, in: query, type: integer, maximum: 100, default: 20, enum: [10, 20]}\n        - {name: ids, in: query, type: array, items: {type: integer}, default: '1,2'}\n        - {name: since, in: query, type: string, format: date, default: '2024-02-29'}\n      ${ok}\ndefinitions:\n  A:\n    type: object\n    properties: {n: {type: string, minLength: 2}}\n    default: {n: ab}\n    example: {n: cd}\n` },
  ],
  invalid: [
    { name: 'defaults and enums that do not fit', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - name: limit\n          in: query\n          type: integer\n          maximum: 100\n          default: 500\n        - name: sort\n          in: query\n          type: string\n          maxLength: 3\n          enum: [asc, descending]\n      ${ok}\ndefinitions:\n  Since: {type: string, format: date, default: '2024-13-01'}\n`,
      errors: [{ line: 11, column: 20, message: /The default 500 .*above the maximum 100/ }, { line: 16, column: 23, message: /The enum value "descending" .*longer than maxLength 3/ }, { line: 19, column: 48, message: /not a date/ }] },
    { name: 'a schema default through $ref, an example', yaml: head + `paths: {}\ndefinitions:\n  N: {type: string}\n  A:\n    type: object\n    properties: {n: {\$ref: '#/definitions/N'}}\n    default: {n: 3}\n    example: {m: 1}\n    required: [n]\n`,
      errors: [{ line: 9, column: 14, message: /\(at n\) an integer, not a string/ }, { line: 10, column: 14, message: /The example .*missing the required property 'n'/ }] },
    { name: 'a default object without a required property; one that declares its own default may be left out', yaml: head + `paths: {}\ndefinitions:\n  Pet:\n    type: object\n    required: [name, kind]\n    properties:\n      name: {type: string}\n      kind: {type: string, default: dog}\n  Pets:\n    type: array\n    items: {\$ref: '#/definitions/Pet'}\n    default: [{name: Rex}, {kind: cat}]\n`,
      errors: [{ line: 14, column: 14, message: /The default .*\(at \[1\]\) missing the required property 'name'/ }] },
    { name: 'an enum written for the wrong type is one finding, at its first misfit, with the count', yaml: head + `paths: {}\ndefinitions:\n  Status:\n    type: string\n    enum: [open, 2, 3, closed, 5]\n`,
      errors: [{ line: 7, column: 18, message: /^3 of this enum's 5 values do not fit its schema; the first, 2: it is an integer, not a string \(type: string\); change the values/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {}, "definitions": {"A": {"type": "boolean", "default": "yes"}}}', errors: [{ line: 1, column: 85 }] },
  ],
});
