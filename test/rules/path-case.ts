import rule from '../../rules/path-case.js';
import { testRule, ordersPaths as paths } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'one style throughout (consistent)', yaml: paths('/order-lines', '/gift-cards/{card_id}') },
    { name: 'snake case when asked', yaml: paths('/order_lines', '/orders'), options: { style: 'snake' } },
    { name: 'marks, versions, domains and registered names', yaml: paths('/{organization}/_apis/build/definitions', '/apis/storage.k8s.io/v1beta1', '/v2.1/$count', '/.well-known/openid-configuration'), options: { style: 'kebab' } },
  ],
  invalid: [
    { name: 'camel among kebab', yaml: paths('/order-lines', '/gift-cards', '/shippingAddresses'), errors: [{ line: 6, column: 4, message: /'shippingAddresses' is not kebab case.*most of this document's paths use; write 'shipping-addresses'\./ }] },
    { name: 'kebab when snake is asked', yaml: paths('/order-lines/{line_id}'), options: { style: 'snake' }, errors: [{ line: 4, column: 4, message: /write 'order_lines'/ }] },
    { name: 'dotted names keep their dots', yaml: paths('/users.setPresence'), options: { style: 'kebab' }, errors: [{ line: 4, column: 4, message: /write 'users\.set-presence'/ }] },
  ],
});
