import rule from '../../rules/path-unique-template.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `{responses: {'200': {description: OK}}}`;

testRule(rule, {
  valid: [
    { name: 'different literals', yaml: head + `paths:\n  /orders/{order_id}: {get: ${ok}}\n  /orders/{order_id}/lines: {get: ${ok}}\n` },
    // issue 14: valid Swagger 2.0, a router tells them apart by method (path-param-names-consistent warns)
    {
      name: 'same shape, disjoint methods',
      yaml: head + `paths:\n  /teams/{id}/repos/{owner}/{repo}: {get: ${ok}, delete: ${ok}}\n  /teams/{id}/repos/{org}/{repo}: {put: ${ok}}\n`,
    },
    { name: 'same shape, no operations', yaml: head + `paths:\n  /orders/{order_id}: {}\n  /orders/{id}: {}\n` },
  ],
  invalid: [
    {
      name: 'same shape, a shared method',
      yaml: head + `paths:\n  /orders/{order_id}: {get: ${ok}}\n  /orders/{id}: {get: ${ok}, delete: ${ok}}\n`,
      errors: [{ line: 5, column: 3, message: /same path as '\/orders\/{order_id}' \(only the parameter names differ\) and both have GET/ }],
    },
    {
      name: 'the first earlier path that shares a method is named',
      yaml: head + `paths:\n  /a/{x}: {put: ${ok}}\n  /a/{y}: {get: ${ok}}\n  /a/{z}: {get: ${ok}}\n`,
      errors: [{ line: 6, column: 3, message: /same path as '\/a\/{y}'/ }],
    },
    {
      name: 'a path item by $ref',
      yaml: head + `paths:\n  /a/{x}: {$ref: '#/x-items/a'}\n  /a/{y}: {get: ${ok}}\nx-items:\n  a: {get: ${ok}}\n`,
      errors: [{ line: 5, column: 3 }],
    },
    { name: 'JSON', uri: '/virtual/api.json', yaml: `{"swagger": "2.0",\n"paths": {"/a/{x}": {"post": {}},\n"/a/{y}": {"post": {}}}}`, errors: [{ line: 3, column: 1 }] },
  ],
});
