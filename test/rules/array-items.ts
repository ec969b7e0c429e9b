import rule from '../../rules/array-items.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [{ name: 'arrays with items, and other types without', yaml: head + `paths: {}\ndefinitions:\n  A: {type: array, items: {type: string}}\n  B: {type: object}\n` }],
  invalid: [
    { name: 'a query parameter and a definition', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: ids, in: query, type: array}\n      responses: {'200': {description: OK}}\ndefinitions:\n  A: {type: array}\n`,
      errors: [{ line: 7, column: 34, message: /Parameter 'ids' is type: array but has no items/ }, { line: 10, column: 7, message: /This schema is type: array/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {}, "definitions": {"A": {"type": "array"}}}', errors: [{ line: 1, column: 55 }] },
  ],
});
