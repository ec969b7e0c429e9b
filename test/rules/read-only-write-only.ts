import rule from '../../rules/read-only-write-only.js';
import { testRule } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    { name: '3.0 one of them', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {readOnly: true}\n" },
    { name: '3.1 both (JSON Schema allows it)', yaml: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {readOnly: true, writeOnly: true}\n" },
  ],
  invalid: [
    { name: '3.0 both', yaml: "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {readOnly: true, writeOnly: true}\n", errors: [{ line: 6, column: 25, message: /not both `readOnly` and `writeOnly`/ }] },
  ],
});
