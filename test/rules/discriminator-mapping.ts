import rule from '../../rules/discriminator-mapping.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.0 names and $refs that exist', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {type: object}\n    P: {discriminator: {propertyName: k, mapping: {a: A, b: '#/components/schemas/A'}}}\n" },
    { name: '3.1 no mapping', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    P: {discriminator: {propertyName: k}}\n" },
  ],
  invalid: [
    { name: '3.1 a name that is no schema', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    P:\n      discriminator:\n        propertyName: k\n        mapping: {a: B}\n", errors: [{ line: 9, column: 22, message: /`B`, which is not a schema under components\/schemas/ }] },
    { name: '3.0 a $ref that does not resolve', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    P:\n      discriminator:\n        propertyName: k\n        mapping: {a: '#/components/schemas/B'}\n", errors: [{ line: 9, column: 22, message: /does not resolve to a schema/ }] },
  ],
});
