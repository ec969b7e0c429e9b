import rule from '../../rules/security-defined.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
securityDefinitions:
  basic: {type: basic}
`;
const ok = `{responses: {'200': {description: OK}}}`;

testRule(rule, {
  valid: [
    { name: 'covered by the document', yaml: head + `security: [{basic: []}]\npaths:\n  /orders:\n    get: ${ok}\n` },
    { name: 'covered by the operation', yaml: head + `paths:\n  /orders:\n    get: {security: [{basic: []}], responses: {'200': {description: OK}}}\n` },
    { name: 'an explicit opt-out', yaml: head + `paths:\n  /health:\n    get: {security: [], responses: {'200': {description: OK}}}\n` },
    { name: 'a public API said so at the top', yaml: head + `security: []\npaths:\n  /health:\n    get: ${ok}\n` },
  ],
  invalid: [
    { name: 'an uncovered operation', yaml: head + `paths:\n  /orders:\n    get: ${ok}\n`, errors: [{ line: 7, column: 5, message: /GET has no security requirement.*security: \[\] if it is public on purpose/ }] },
    {
      name: 'no security anywhere: one finding at paths',
      yaml: `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\npaths:\n  /orders:\n    get: ${ok}\n    post: ${ok}\n`,
      errors: [{ line: 3, column: 1, message: /No operation is covered by a security requirement and none opts out \(2 operations\)/ }],
    },
    {
      name: 'OpenAPI 3: no security anywhere names components/securitySchemes; a webhook is not counted',
      yaml: `openapi: 3.1.0\ninfo: {title: Orders, version: '1.0', description: Orders API}\npaths:\n  /orders:\n    get: ${ok}\nwebhooks:\n  shipped:\n    post: ${ok}\n`,
      errors: [{ line: 3, column: 1, message: /\(1 operation\); define components\/securitySchemes with a top-level security requirement/ }],
    },
  ],
});
