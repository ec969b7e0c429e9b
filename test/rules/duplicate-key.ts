import rule from '../../rules/duplicate-key.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [{ name: 'distinct keys', yaml: `swagger: '2.0'\npaths:\n  /a: {}\n  /b: {}\n` }],
  invalid: [
    { name: 'a repeated path', yaml: `swagger: '2.0'\npaths:\n  /a: {}\n  /a: {}\n`, errors: [{ line: 4, column: 3, message: /'\/a' appears more than once/ }] },
    { name: 'in a flow mapping', yaml: `swagger: '2.0'\ninfo: {title: a, title: b}\n`, errors: [{ line: 2, column: 18 }] },
    { name: 'in JSON', yaml: `{"swagger": "2.0",\n "swagger": "2.0"}`, uri: '/virtual/api.json', errors: [{ line: 2, column: 2 }] },
  ],
});
