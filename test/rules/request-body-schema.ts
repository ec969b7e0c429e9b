import rule from '../../rules/request-body-schema.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'
info: {title: Builds, version: '1.0', description: Builds API}
`;
const post = (schema: string, method = 'post') =>
  head + `paths:\n  /definitions:\n    ${method}:\n      parameters:\n        - name: definition\n          in: body\n          schema: ${schema}\n      responses: {'201': {description: Created}}\n`;
const definitions = `definitions:
  Base: {type: object, required: [name], properties: {name: {type: string}}}
  Definition:
    allOf:
      - $ref: '#/definitions/Base'
      - {type: object, properties: {path: {type: string}}}
  Loose: {type: object, properties: {name: {type: string}}}
`;

testRule(rule, {
  valid: [
    { name: 'properties and a required list', yaml: post('{type: object, required: [name], properties: {name: {type: string}}}') },
    { name: 'by $ref, composed with allOf', yaml: head + definitions + post(`{$ref: '#/definitions/Definition'}`).slice(head.length) },
    { name: 'a body that is no object', yaml: post('{type: array, items: {type: string}}') },
    { name: 'a map', yaml: post('{type: object, additionalProperties: {type: string}}') },
    { name: 'PATCH is partial by nature', yaml: post('{type: object}', 'patch') },
  ],
  invalid: [
    { name: 'no properties', yaml: post('{type: object}'), errors: [{ line: 9, column: 11, message: /The body 'definition' of POST \/definitions declares no properties/ }] },
    { name: 'no required list', yaml: post('{type: object, properties: {name: {type: string}}}', 'put'), errors: [{ line: 9, column: 11, message: /PUT \/definitions lists no required properties; .*required: \[\.\.\.\]/ }] },
    { name: 'a shared definition is reported once', yaml: head + definitions + `paths:\n  /a:\n    post:\n      parameters:\n        - name: a\n          in: body\n          schema: {$ref: '#/definitions/Loose'}\n      responses: {'201': {description: Created}}\n  /b:\n    put:\n      parameters:\n        - name: b\n          in: body\n          schema: {$ref: '#/definitions/Loose'}\n      responses: {'200': {description: OK}}\n`, errors: [{ line: 16, column: 11 }] },
  ],
});
