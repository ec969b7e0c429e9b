import rule from '../../rules/info-description.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: 'a description', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1.0'\n  description: Orders and lines.\npaths: {}\n` },
    { name: 'a block scalar', yaml: `swagger: '2.0'\ninfo:\n  description: |\n    Orders and **lines**.\n` },
  ],
  invalid: [
    { name: 'missing', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1.0'\npaths: {}\n`, errors: [{ line: 2, column: 1, message: /info\.description is missing/ }] },
    { name: 'empty string', yaml: `swagger: '2.0'\ninfo:\n  title: Orders\n  description: ""\n`, errors: [{ line: 4, column: 16, message: /empty/ }] },
    { name: 'in JSON', yaml: `{\n  "swagger": "2.0",\n  "info": {"title": "t", "version": "1"}\n}`, uri: '/virtual/api.json', errors: [{ line: 3, column: 3 }] },
  ],
});
