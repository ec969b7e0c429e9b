import rule from '../../rules/path-trailing-slash.js';
import { testRule, ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;

testRule(rule, {
  valid: [
    { name: 'a collection', yaml: head + `  /orders: {}\n` },
    { name: 'the root path', yaml: head + `  /: {}\n` },
  ],
  invalid: [
    { name: 'a trailing slash', yaml: head + `  /orders/: {}\n`, errors: [{ line: 4, column: 10, message: /Path '\/orders\/' ends with '\/'; write '\/orders'\./ }] },
    { name: 'after a parameter, quoted', yaml: head + `  "/orders/{order_id}/": {}\n`, errors: [{ line: 4, column: 22 }] },
  ],
});
