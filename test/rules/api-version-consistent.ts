import rule from '../../rules/api-version-consistent.js';
import { testRule } from '../helpers/test-rule.js';

const doc = (version: string, a: string, b: string) => `swagger: '2.0'
info: {title: Builds, version: '${version}', description: Builds API}
paths:
  /definitions:
    get:
      responses: {'200': {description: OK}}
      parameters:
        - name: api-version
          in: query
          type: string
          enum: ${a}
  /builds:
    get:
      responses: {'200': {description: OK}}
      parameters:
        - name: api-version
          in: query
          type: string
          enum: ${b}
  /runs:
    parameters:
      - $ref: '#/parameters/apiVersion'
    get: {responses: {'200': {description: OK}}}
parameters:
  apiVersion: {name: api-version, in: query, type: string, enum: ['7.1']}
`;

testRule(rule, {
  valid: [
    { name: 'the same versions everywhere', yaml: doc('7.1', `['7.1']`, `['7.1']`) },
    { name: 'no api-version at all', yaml: `swagger: '2.0'\ninfo: {title: B, version: '1', description: B}\npaths:\n  /a: {get: {responses: {'200': {description: OK}}}}\n` },
  ],
  invalid: [
    { name: 'one operation differs', yaml: doc('7.1', `['7.1']`, `['7.0', '7.1']`), errors: [{ line: 19, column: 11, message: /accepts 7\.0, 7\.1, but most operations accept 7\.1/ }] },
    { name: 'info.version is not among them', yaml: doc('1.0', `['7.1']`, `['7.1']`), errors: [{ line: 2, column: 32, message: /info\.version "1\.0" is not among the api-version values the operations accept \(7\.1\)/ }] },
  ],
});
