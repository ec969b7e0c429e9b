import rule from '../../rules/info-title.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'a title', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1.0'\npaths: {}\n` },
    // present and a string is all the specification asks: an empty one is info-nonempty's (a convention)
    { name: 'empty: valid, a convention', yaml: `swagger: '2.0'\ninfo:\n  title: '  '\npaths: {}\n` },
  ],
  invalid: [
    { name: 'missing: reported at info', yaml: `swagger: '2.0'\ninfo:\n  version: '1.0'\npaths: {}\n`, errors: [{ line: 2, column: 1, message: /info\.title is missing/ }] },
    { name: 'a number', yaml: `swagger: '2.0'\ninfo:\n  title: 42\n`, errors: [{ line: 3, column: 10, message: /the number 42/ }] },
    { name: 'no info at all', yaml: `swagger: '2.0'\npaths: {}\n`, errors: [{ line: 1, column: 1, message: /no info object/ }] },
  ],
});
