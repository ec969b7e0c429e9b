import rule from '../../rules/info-nonempty.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'a title and a version', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1.0'\npaths: {}\n` },
    // missing or not a string: info-title's and info-version's (validity), not this rule's
    { name: 'missing fields', yaml: `swagger: '2.0'\ninfo:\n  description: x\npaths: {}\n` },
    { name: 'a number', yaml: `swagger: '2.0'\ninfo:\n  title: 42\n  version: 1\npaths: {}\n` },
    { name: 'no info', yaml: `swagger: '2.0'\npaths: {}\n` },
  ],
  invalid: [
    { name: 'empty title', yaml: `swagger: '2.0'\ninfo:\n  title: ''\n  version: '1.0'\npaths: {}\n`, errors: [{ line: 3, column: 10, message: /info\.title is empty/ }] },
    { name: 'blank version', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '  '\npaths: {}\n`, errors: [{ line: 4, column: 12, message: /info\.version is empty/ }] },
    {
      name: 'both empty',
      yaml: `swagger: '2.0'\ninfo:\n  title: ' '\n  version: ''\npaths: {}\n`,
      errors: [
        { line: 3, column: 10, message: /info\.title is empty/ },
        { line: 4, column: 12, message: /info\.version is empty/ },
      ],
    },
  ],
});
