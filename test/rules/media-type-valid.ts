import rule from '../../rules/media-type-valid.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.1 ranges and parameters', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: OK, content: {'text/*': {}, 'application/json; charset=utf-8': {}}}\n" },
    { name: '3.0 form encoding', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    post:\n      requestBody: {content: {application/x-www-form-urlencoded: {encoding: {a: {style: form}}}}}\n      responses: {'200': {description: OK}}\n" },
  ],
  invalid: [
    { name: '3.0 a key that is no media type', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            json: {}\n", errors: [{ line: 10, column: 13, message: /`json` is not a media type/ }] },
  ],
});
