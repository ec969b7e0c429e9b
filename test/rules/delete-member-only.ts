import rule from '../../rules/delete-member-only.js';
import { testRule, ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;
const ok = `{responses: {'204': {description: Deleted}}}`;

testRule(rule, {
  valid: [
    { name: 'DELETE on a member', yaml: head + `  /orders: {}\n  /orders/{order_id}:\n    delete: ${ok}\n` },
    { name: 'DELETE on a singleton', yaml: head + `  /session:\n    delete: ${ok}\n  /orders/{order_id}/status:\n    delete: ${ok}\n` },
  ],
  invalid: [
    {
      name: 'DELETE on a collection indexed by another path',
      yaml: head + `  /orders:\n    delete: ${ok}\n  /orders/{order_id}: {}\n`,
      errors: [{ line: 5, column: 5, message: /DELETE on the collection path '\/orders' would delete the whole collection; .*DELETE \/orders\/\{order_id\}\./ }],
    },
    {
      name: 'DELETE on a collection whose GET returns an array',
      yaml: head + `  /lines:\n    get: {responses: {'200': {description: OK, schema: {type: array, items: {type: string}}}}}\n    delete: ${ok}\n`,
      errors: [{ line: 6, column: 5, message: /DELETE \/lines\/\{line_id\}/ }],
    },
  ],
});
