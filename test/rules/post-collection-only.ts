import rule from '../../rules/post-collection-only.js';
import { testRule, ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;
const ok = `{responses: {'201': {description: Created}}}`;

testRule(rule, {
  valid: [
    { name: 'POST on collections and sub-collections', yaml: head + `  /orders:\n    post: ${ok}\n  /orders/{order_id}/lines:\n    post: ${ok}\n` },
    { name: 'POST on a scope of parameters only', yaml: head + `  /{organization}/{project}:\n    post: ${ok}\n` },
    { name: 'POST to a proxied sub-path', yaml: head + `  /pods/{name}/proxy/{path}:\n    post: ${ok}\n` },
    // issue 38: a last parameter that picks no member of the collection before it
    { name: 'a dimension after a by-qualifier', yaml: head + `  /orders/count-by/{dimension}:\n    post: ${ok}\n` },
    { name: 'a scope named as a noun of another kind', yaml: head + `  /jobs/{namespace}:\n    post: ${ok}\n` },
    { name: "an action's argument", yaml: head + `  /friends/invite/{user_id}:\n    post: ${ok}\n` },
    { name: 'a custom method on the member', yaml: head + `  /imports/{import_id}:cancel:\n    post: ${ok}\n` },
  ],
  invalid: [
    {
      name: 'POST on a member',
      yaml: head + `  /orders/{order_id}:\n    post: ${ok}\n`,
      errors: [{ line: 5, column: 5, message: /POST on the member path '\/orders\/\{order_id\}' adds to no collection: to add something that belongs to the member, POST to a sub-collection under it \(\/orders\/\{order_id\}\/<things>\)/ }],
    },
    { name: 'POST on a member named after its collection', yaml: head + `  /users/{username}:\n    post: ${ok}\n`, errors: [{ line: 5, column: 5 }] },
    { name: 'POST on a member named by another identifier word', yaml: head + `  /commits/{sha}:\n    post: ${ok}\n`, errors: [{ line: 5, column: 5 }] },
  ],
});
