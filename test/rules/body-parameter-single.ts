import rule from '../../rules/body-parameter-single.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [{ name: 'one body', yaml: head + `paths:\n  /orders:\n    post:\n      parameters: [{name: order, in: body, schema: {type: object}}, {name: q, in: query, type: string}]\n      ${ok}\n` }],
  invalid: [
    { name: 'two bodies, one from the path item', yaml: head + `paths:\n  /orders:\n    parameters:\n      - {name: order, in: body, schema: {type: object}}\n    post:\n      parameters:\n        - name: extra\n          in: body\n          schema: {type: object}\n      ${ok}\n`,
      errors: [{ line: 10, column: 15, message: /already takes the body parameter 'order'/ }] },
    { name: 'body and formData', yaml: head + `paths:\n  /orders:\n    post:\n      parameters:\n        - name: order\n          in: body\n          schema: {type: object}\n        - {name: note, in: formData, type: string}\n      ${ok}\n`,
      errors: [{ line: 8, column: 15, message: /both a body parameter \('order'\) and form parameters \('note'\)/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {"/a": {"put": {"responses": {}, "parameters": [\n{"name": "a", "in": "body", "schema": {}},\n{"name": "b", "in": "body", "schema": {}}]}}}}', errors: [{ line: 3, column: 21 }] },
  ],
});
