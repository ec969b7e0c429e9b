import rule from '../../rules/servers-valid.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.0 variables with defaults in their enums', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\nservers: [{url: 'https://{env}.example.com', variables: {env: {default: api, enum: [api, test]}}}]\npaths: {}\n" },
    { name: '3.1 relative URL', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\nservers: [{url: /v1}]\npaths: {}\n" },
  ],
  invalid: [
    { name: '3.1 a variable with no definition', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\nservers:\n  - url: 'https://{env}.example.com'\npaths: {}\n", errors: [{ line: 4, column: 10, message: /`\{env\}` in the server URL has no variable/ }] },
    { name: '3.0 an empty enum (a SHOULD: a warning)', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\nservers:\n  - url: 'https://{env}.example.com'\n    variables:\n      env: {default: api, enum: []}\npaths: {}\n", errors: [{ line: 6, column: 27, message: /empty `enum`/ }] },
  ],
});
