import rule from '../../rules/create-response-schema.js';
import { testRule, ordersHead } from '../helpers/test-rule.js';

const head = `${ordersHead}paths:\n`;
const post = (path: string, responses: string) => head + `  ${path}:\n    post:\n      responses: ${responses}\n`;

testRule(rule, {
  valid: [
    { name: 'a 201 with the created document', yaml: post('/orders', `{'201': {description: Created, schema: {type: object}}}`) },
    { name: 'a 200 with a $ref response', yaml: head + `  /orders:\n    post:\n      responses: {'200': {$ref: '#/responses/Order'}}\nresponses:\n  Order: {description: The order, schema: {type: object}}\n` },
    { name: 'an action path', yaml: post('/orders/{order_id}/cancel', `{'204': {description: Cancelled}}`) },
    { name: 'a singleton', yaml: post('/session', `{'204': {description: Signed in}}`) },
    { name: 'accepted for later', yaml: post('/exports', `{'202': {description: Accepted}}`) },
    { name: 'a schema whose $ref does not resolve (ref-resolves reports it)', yaml: post('/orders', `{'201': {description: Created, schema: {$ref: '#/definitions/Order'}}}`) },
  ],
  invalid: [
    {
      name: 'a 201 without a schema',
      yaml: post('/orders', `{'201': {description: Created}}`),
      errors: [{ line: 5, column: 5, message: /POST \/orders adds a member to the collection but documents no 200 or 201 response with a schema/ }],
    },
    { name: 'the seed create operation', yaml: post('/{organization}/{project}/_apis/build/definitions', `{'204': {description: Created}}`), errors: [{ line: 5, column: 5 }] },
  ],
});
