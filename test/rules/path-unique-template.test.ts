import rule from '../../rules/path-unique-template.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\n`;
const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [{ name: 'different literals', yaml: head + `paths:\n  /orders/{order_id}: {}\n  /orders/{order_id}/lines: {}\n` }],
  invalid: [
    { name: 'same shape, other names', yaml: head + `paths:\n  /orders/{order_id}: {}\n  /orders/{id}: {}\n`, errors: [{ line: 5, column: 3, message: /same path as '\/orders\/{order_id}'/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0",\n"paths": {"/a/{x}": {},\n"/a/{y}": {}}}', errors: [{ line: 3, column: 1 }] },
  ],
});
