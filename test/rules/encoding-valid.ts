import rule from '../../rules/encoding-valid.js';
import { testRule } from '../helpers/test-rule.js';

const body = (version: string, media: string, encoding: string) =>
  `openapi: ${version}\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    post:\n      requestBody:\n        content:\n          ${media}:\n            schema: {type: object, properties: {a: {type: string}}}\n            encoding: ${encoding}\n      responses: {'200': {description: OK}}\n`;

testRule(rule, {
  valid: [
    { name: '3.0 a form body encoding its property', yaml: body('3.0.3', 'application/x-www-form-urlencoded', '{a: {style: form}}') },
    { name: '3.1 multipart with a boundary parameter', yaml: body('3.1.0', "'multipart/form-data; boundary=x'", '{a: {contentType: text/plain}}') },
  ],
  invalid: [
    { name: '3.1 encoding under JSON is ignored: a warning', yaml: body('3.1.0', 'application/json', '{a: {style: form}}'), errors: [{ line: 10, column: 13, message: /applies to multipart and application\/x-www-form-urlencoded bodies only/ }] },
    { name: '3.0 a key that is no property names those that are', yaml: body('3.0.3', 'multipart/form-data', '{b: {contentType: text/plain}}'), errors: [{ line: 10, column: 24, message: /names `b`, which is not a property of the body's schema \(it has a\)/ }] },
  ],
});
