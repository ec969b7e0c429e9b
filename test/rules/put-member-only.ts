import rule from '../../rules/put-member-only.js';
import { testRule, ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;
const ok = `{responses: {'200': {description: OK}}}`;

testRule(rule, {
  valid: [
    { name: 'PUT on a member', yaml: head + `  /orders: {}\n  /orders/{order_id}:\n    put: ${ok}\n` },
    { name: 'PUT on a singleton sub-resource', yaml: head + `  /orders/{order_id}/status:\n    put: ${ok}\n` },
  ],
  invalid: [
    {
      name: 'PUT on a collection',
      yaml: head + `  /pets:\n    put: ${ok}\n  /pets/{pet_id}: {}\n`,
      errors: [{ line: 5, column: 5, message: /PUT on the collection path '\/pets' would replace the whole collection; PUT replaces one member: PUT \/pets\/\{pet_id\} \(add members with POST \/pets\)\./ }],
    },
  ],
});
