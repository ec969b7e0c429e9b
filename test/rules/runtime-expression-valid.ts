import rule from '../../rules/runtime-expression-valid.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.1 a callback on the request body', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    post:\n      callbacks: {c: {'{$request.body#/url}': {}}}\n      responses: {'200': {description: OK}}\n" },
    { name: '3.0 a link to an operation that exists', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      operationId: getA\n      responses: {'200': {description: OK, links: {self: {operationId: getA, parameters: {x: $statusCode}}}}}\n" },
  ],
  invalid: [
    { name: '3.0 a callback expression without its pointer', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    post:\n      callbacks:\n        c:\n          '{$request.body.url}': {}\n      responses: {'200': {description: OK}}\n", errors: [{ line: 8, column: 11, message: /`\{\$request\.body\.url\}` in the callback URL is not a runtime expression/ }] },
  ],
});
