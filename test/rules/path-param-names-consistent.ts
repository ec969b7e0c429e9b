import rule from '../../rules/path-param-names-consistent.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'\ninfo: {title: Teams, version: '1.0', description: Teams API}\n`;
const ok = `{responses: {'200': {description: OK}}}`;

testRule(rule, {
  valid: [
    { name: 'one template', yaml: head + `paths:\n  /teams/{id}/repos/{owner}/{repo}: {get: ${ok}, put: ${ok}}\n` },
    // a shared method is path-unique-template's error, not this warning
    { name: 'same shape, a shared method', yaml: head + `paths:\n  /a/{x}: {get: ${ok}}\n  /a/{y}: {get: ${ok}}\n` },
  ],
  invalid: [
    {
      name: 'disjoint methods (issue 14)',
      yaml: head + `paths:\n  /teams/{id}/repos/{owner}/{repo}: {get: ${ok}, delete: ${ok}}\n  /teams/{id}/repos/{org}/{repo}: {put: ${ok}}\n`,
      errors: [{ line: 5, column: 21, message: /'\{org\}' for '\{owner\}'/ }],
    },
    { name: 'no operations', yaml: head + `paths:\n  /orders/{order_id}: {}\n  /orders/{id}: {}\n`, errors: [{ line: 5, column: 11 }] },
  ],
});
