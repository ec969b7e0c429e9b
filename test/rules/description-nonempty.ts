import rule from '../../rules/description-nonempty.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

testRule(rule, {
  valid: [
    {
      name: 'described operations and properties',
      yaml: head + `paths:\n  /orders:\n    get:\n      description: Lists the orders.\n      responses: {200: {description: OK}}\ndefinitions:\n  Order:\n    description: An order.\n    properties:\n      id: {type: string, description: The id.}\n`,
    },
    { name: 'a $ref property is described where it is defined', yaml: head + `paths: {}\ndefinitions:\n  Id: {type: string, description: An id.}\n  Order:\n    properties:\n      id: {$ref: '#/definitions/Id'}\n` },
    { name: 'a schema that is not a property needs none', yaml: head + `paths: {}\ndefinitions:\n  Order: {type: object}\n` },
  ],
  invalid: [
    {
      name: 'an operation without a description',
      yaml: head + `paths:\n  /orders:\n    get:\n      summary: List\n      responses: {200: {description: OK}}\n`,
      errors: [{ line: 5, column: 5, message: /^Operation GET \/orders has no description/ }],
    },
    {
      name: 'an operation of a path item a path takes by $ref: named by that path, at its place',
      yaml: head + `paths:\n  /orders:\n    $ref: '#/x-paths/orders'\nx-paths:\n  orders:\n    get:\n      responses: {200: {description: OK}}\n`,
      errors: [{ line: 8, column: 5, message: /^Operation GET \/orders has no description/ }],
    },
    {
      name: 'OpenAPI 3.1: an operation of a components path item a path takes, named by that path',
      yaml: `openapi: 3.1.0\ninfo: {title: Orders, version: '1.0', description: Orders API}\npaths:\n  /orders:\n    $ref: '#/components/pathItems/Orders'\ncomponents:\n  pathItems:\n    Orders:\n      get:\n        responses: {'200': {description: OK}}\n`,
      errors: [{ line: 9, column: 7, message: /^Operation GET \/orders has no description/ }],
    },
    {
      name: 'an empty description is reported at its key',
      yaml: head + `paths:\n  /orders:\n    post:\n      description: '  '\n      responses: {200: {description: OK}}\n`,
      errors: [{ line: 6, column: 7, message: /POST \/orders has an empty description/ }],
    },
    {
      name: 'a property without a description, nested too',
      yaml: head + `paths: {}\ndefinitions:\n  Order:\n    properties:\n      id: {type: string}\n      lines:\n        type: array\n        description: The lines.\n        items:\n          properties:\n            sku: {type: string}\n`,
      errors: [
        { line: 7, column: 7, message: /^Property 'id' has no description/ },
        { line: 13, column: 13, message: /^Property 'sku'/ },
      ],
    },
    {
      name: 'in JSON',
      yaml: `{"swagger": "2.0", "info": {"title": "t", "version": "1"},\n "paths": {"/a": {"delete": {"responses": {}}}}}`,
      uri: '/virtual/api.json',
      errors: [{ line: 2, column: 19 }],
    },
  ],
});
