import rule from '../../rules/info-version.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [{ name: 'a quoted version', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1.0'\npaths: {}\n` }],
  invalid: [
    { name: 'missing', yaml: `swagger: '2.0'\npaths: {}\ninfo:\n  title: Orders\n`, errors: [{ line: 3, column: 1, message: /info\.version is missing/ }] },
    { name: 'unquoted number', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: 1.5\n`, errors: [{ line: 4, column: 12, message: /number 1\.5.*quote it: version: "1\.5"/ }] },
    { name: 'null', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version:\n`, errors: [{ line: 2, column: 1, message: /missing/ }] },
  ],
});
