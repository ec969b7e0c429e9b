import rule from '../../rules/get-no-body.js';
import { testRule, ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;

testRule(rule, {
  valid: [
    { name: 'GET with query parameters', yaml: head + `  /orders:\n    get:\n      parameters: [{name: status, in: query, type: string}]\n      responses: {'200': {description: OK}}\n` },
    { name: 'POST with a body', yaml: head + `  /orders:\n    post:\n      parameters: [{name: order, in: body, schema: {type: object}}]\n      responses: {'201': {description: Created}}\n` },
  ],
  invalid: [
    {
      name: 'GET with a body',
      yaml: head + `  /orders:\n    get:\n      parameters:\n        - name: filter\n          in: body\n          schema: {type: object}\n      responses: {'200': {description: OK}}\n`,
      errors: [{ line: 8, column: 11, message: /GET takes no body, but 'filter' is in: body; .*in: query/ }],
    },
    {
      name: 'HEAD with a body from the path item, through a $ref',
      yaml: `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\nparameters:\n  filter:\n    name: filter\n    in: body\n    schema: {type: object}\npaths:\n  /orders:\n    parameters: [{$ref: '#/parameters/filter'}]\n    head: {responses: {'200': {description: OK}}}\n`,
      errors: [{ line: 6, column: 5, message: /HEAD takes no body/ }],
    },
    {
      name: 'OpenAPI 3: a requestBody on DELETE, with the reason',
      yaml: `openapi: 3.1.0\ninfo: {title: Orders, version: '1.0', description: Orders API}\npaths:\n  /orders/{order_id}:\n    parameters: [{name: order_id, in: path, required: true, schema: {type: string}}]\n    delete:\n      requestBody: {content: {application/json: {schema: {type: object}}}}\n      responses: {'204': {description: Deleted}}\n`,
      errors: [{ line: 7, column: 7, message: /^DELETE takes no requestBody: .*one DELETE per member/ }],
    },
  ],
});
