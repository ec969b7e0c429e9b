import rule from '../../rules/pattern-valid.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [{ name: 'valid patterns, including Annex B escapes', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: string, pattern: '^[\\\\w-]+$'}\n      ${ok}\n` }],
  invalid: [
    { name: 'an unclosed quantifier and an inline flag', yaml: head + `definitions:\n  Code:\n    type: string\n    pattern: '(?i)^[a-z]+$'\n  Other:\n    type: object\n    properties:\n      x: {type: string, pattern: ')x'}\n`,
      errors: [{ line: 6, column: 14, message: /Invalid group/ }, { line: 10, column: 34, message: /Unmatched '\)'/ }] },
    { name: 'a valid pattern the linear-time engine cannot take (a lookahead) is a warning', yaml: head + `definitions:\n  Code:\n    type: string\n    pattern: '^(?!admin)[a-z]+$'\n`,
      errors: [{ line: 6, column: 14, message: /cannot be matched in linear time: it uses a lookahead/ }] },
    { name: 'JSON, in a header', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {"/a": {"get": {"responses": {"200": {"description": "OK", "headers": {"X-A": {"type": "string", "pattern": "[a"}}}}}}}}', errors: [{ line: 1, column: 137 }] },
  ],
});
