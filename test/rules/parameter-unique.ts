import rule from '../../rules/parameter-unique.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'same name, other location; an operation overriding its path item', yaml: head + `paths:\n  /orders:\n    parameters: [{name: limit, in: query, type: integer}]\n    get:\n      parameters:\n        - {name: limit, in: query, type: string}\n        - {name: limit, in: header, type: string}\n      ${ok}\n` },
  ],
  invalid: [
    { name: 'a repeat in one operation', yaml: head + `paths:\n  /orders:\n    get:\n      parameters:\n        - {name: limit, in: query, type: integer}\n        - name: limit\n          in: query\n          type: string\n      ${ok}\n`,
      errors: [{ line: 8, column: 17, message: /'limit' in query is already listed at line 7/ }] },
    { name: 'a repeat through $ref', yaml: head + `parameters:\n  limit: {name: limit, in: query, type: integer}\npaths:\n  /orders:\n    parameters:\n      - {name: limit, in: query, type: integer}\n      - $ref: '#/parameters/limit'\n    get: {${ok}}\n`,
      errors: [{ line: 9, column: 15 }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {"/a": {"parameters": [\n{"name": "a", "in": "query", "type": "string"},\n{"name": "a", "in": "query", "type": "string"}]}}}', errors: [{ line: 3, column: 10 }] },
  ],
});
