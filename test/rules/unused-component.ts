import rule from '../../rules/unused-component.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.1 a used schema', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: object}\n    B: {$ref: '#/components/schemas/A'}\nwebhooks:\n  w:\n    post:\n      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/B'}}}}\n      responses: {'200': {description: OK}}\n" },
    { name: '3.0 no components', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n" },
  ],
  invalid: [
    { name: '3.0 an unused parameter', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  parameters:\n    limit: {name: limit, in: query, schema: {type: integer}}\n", errors: [{ line: 6, column: 5, message: /`limit` in components\/parameters is not used/ }] },
  ],
});
