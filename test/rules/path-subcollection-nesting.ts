import rule from '../../rules/path-subcollection-nesting.js';
import { testRule, ordersPaths as paths } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'the seed paths', yaml: paths('/orders', '/orders/{order_id}', '/orders/{order_id}/lines', '/{organization}/{project}/_apis/build/definitions') },
    { name: 'a listing across members beside the nested form', yaml: paths('/orders/{order_id}', '/orders/{order_id}/lines', '/orders/lines') },
    { name: 'a singleton parent', yaml: paths('/user/{username}', '/user/keys') },
    { name: 'a parent without members', yaml: paths('/admin/reports', '/connect/logs') },
    { name: 'a verb phrase (path-no-verbs reports it)', yaml: paths('/accounts/{account_id}', '/accounts/verify_credentials') },
    // issue 38: members addressed flat make it a collection of its own (kinds, templates, invitations), no one member's
    { name: 'a collection in its own right, its members addressed flat', yaml: paths('/orders/{order_id}', '/orders/lines/{line_id}') },
  ],
  invalid: [
    {
      name: 'a sub-collection right under its collection',
      yaml: paths('/orders/{order_id}', '/orders/lines'),
      errors: [{ line: 5, column: 11, message: /'lines' is a collection right under the collection 'orders'.*nest it under that member's identifier \(\/orders\/\{order_id\}\/lines\)/ }],
    },
    { name: 'below the sub-collection', yaml: paths('/orders/{order_id}', '/orders/lines/totals'), errors: [{ line: 5, column: 11, message: /\/orders\/\{order_id\}\/lines\/totals/ }] },
  ],
});
