import rule from '../../rules/path-member-id.js';
import { testRule, ordersPaths as paths } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'the seed paths', yaml: paths('/orders', '/orders/{order_id}', '/orders/{order_id}/lines', '/{organization}/{project}/_apis/build/definitions') },
    { name: 'names that say what they identify', yaml: paths('/orders/{orderId}', '/lines/{id}', '/users/{username}/keys/{key_id}') },
    { name: 'a scope prefix alone', yaml: paths('/{organization}/{project}') },
  ],
  invalid: [
    { name: 'a parameter after a parameter', yaml: paths('/orders/{order_id}/{line_id}'), errors: [{ line: 4, column: 22, message: /'\{line_id\}' follows the parameter '\{order_id\}'.*\/orders\/\{order_id\}\/<collection>\/\{line_id\}\./ }] },
    { name: 'a lone identifier at the root', yaml: paths('/{id}'), errors: [{ line: 4, column: 4, message: /lone parameter at the root/ }] },
    { name: 'a one-letter name gets an info', yaml: paths('/orders/{x}'), errors: [{ line: 4, column: 11, message: /'\{x\}' does not say what it identifies; .*\{order_id\}/ }] },
    { name: 'a repeated shape is reported at its first path', yaml: paths('/repos/{owner}/{repo}', '/repos/{owner}/{repo}/issues', '/repos/{owner}/{repo}/pulls'), errors: [{ line: 4, column: 18 }] },
  ],
});
