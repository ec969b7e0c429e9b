import rule from '../../rules/response-code-valid.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [{ name: 'codes from 100 to 599 and default', yaml: head + `paths:\n  /a:\n    get:\n      responses: {'100': {description: A}, '599': {description: B}, default: {description: C}}\n` }],
  invalid: [
    { name: 'codes outside HTTP', yaml: head + `paths:\n  /a:\n    get:\n      responses:\n        '200': {description: OK}\n        '600': {description: No}\n        '000': {description: No}\n`,
      errors: [{ line: 8, column: 9, message: /'600' is not an HTTP status code/ }, { line: 9, column: 9 }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {"/a": {"get": {"responses": {"999": {"description": "x"}}}}}}', errors: [{ line: 1, column: 59 }] },
  ],
});
