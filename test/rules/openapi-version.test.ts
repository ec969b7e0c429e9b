import rule from '../../rules/openapi-version.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.0.4', yaml: "openapi: 3.0.4\ninfo: {title: T, version: '1'}\npaths: {}\n" },
    { name: '3.1.1 with a pre-release suffix', yaml: "openapi: 3.1.1-rc1\ninfo: {title: T, version: '1'}\npaths: {}\n" },
    { name: '3.2.0', yaml: "openapi: 3.2.0\ninfo: {title: T, version: '1'}\npaths: {}\n" },
  ],
  invalid: [
    { name: '3.3.0', yaml: "openapi: 3.3.0\ninfo: {title: T, version: '1'}\npaths: {}\n", errors: [{ line: 1, column: 10, message: /OpenAPI 3\.3\.0 is not a version swaglint checks: it checks 3\.0\.x, 3\.1\.x and 3\.2\.x/ }] },
    { name: 'a number', yaml: "openapi: 3.0\ninfo: {title: T, version: '1'}\npaths: {}\n", errors: [{ line: 1, column: 10, message: /Quote it/ }] },
    { name: 'both swagger and openapi', yaml: "openapi: 3.1.0\nswagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n", errors: [{ line: 1, column: 1, message: /both `swagger` and `openapi`/ }] },
  ],
});
