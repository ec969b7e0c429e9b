import rule from '../../rules/path-params-match.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'path-level parameter through $ref', yaml: head + `parameters:\n  id: {name: order_id, in: path, required: true, type: string}\npaths:\n  /orders/{order_id}:\n    parameters: [{$ref: '#/parameters/id'}]\n    get: {${ok}}\n` },
  ],
  invalid: [
    { name: 'a placeholder without parameter, and a parameter without placeholder', yaml: head + `paths:\n  /orders/{order_id}:\n    get:\n      parameters:\n        - name: id\n          in: path\n          required: true\n          type: string\n      ${ok}\n`,
      errors: [{ line: 4, column: 11, message: /'{order_id}' in '\/orders\/{order_id}' has no path parameter; .*{name: order_id, in: path/ }, { line: 7, column: 17, message: /'id' does not appear in the path/ }] },
    { name: 'a path parameter not required', yaml: head + `paths:\n  /orders/{order_id}:\n    parameters:\n      - name: order_id\n        in: path\n        required: false\n        type: string\n    get: {${ok}}\n    put: {${ok}}\n`,
      errors: [{ line: 8, column: 19, message: /must be required: true/ }] },
    { name: 'missing in one operation only', yaml: head + `paths:\n  /orders/{order_id}:\n    get:\n      parameters: [{name: order_id, in: path, required: true, type: string}]\n      ${ok}\n    put: {${ok}}\n`,
      errors: [{ line: 4, column: 11, message: /\(in PUT\)/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0",\n"paths": {"/a/{b}": {"get": {"responses": {}}}}}', errors: [{ line: 2, column: 15 }] },
  ],
});
