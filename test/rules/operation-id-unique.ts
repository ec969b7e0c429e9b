import rule from '../../rules/operation-id-unique.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'distinct ids', yaml: head + `paths:\n  /orders:\n    get: {operationId: listOrders, ${ok}}\n    post: {operationId: createOrder, ${ok}}\n` },
  ],
  invalid: [
    { name: 'a repeated id', yaml: head + `paths:\n  /orders:\n    get: {operationId: listOrders, ${ok}}\n  /lines:\n    get:\n      operationId: listOrders\n      ${ok}\n`,
      errors: [{ line: 8, column: 20, message: /'listOrders' is already used at line 5; .*rename/ }] },
    { name: 'a path item reused by $ref', yaml: head + `paths:\n  /a:\n    $ref: '#/paths/~1b'\n  /b:\n    get: {operationId: getB, ${ok}}\n`,
      errors: [{ line: 5, column: 11, message: /'\/a' reuses by \$ref .*'getB' is at line 7/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"operationId": "x", "responses": {}}}, "/b": {"get": {"operationId": "x", "responses": {}}}}}',
      errors: [{ line: 1, column: 154 }] },
  ],
});
