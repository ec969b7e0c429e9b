import rule from '../../rules/path-collection-plural.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
paths:
`;
const paths = (...keys: string[]) => head + keys.map((k) => `  ${k}: {}\n`).join('');
const arrayGet = (path: string) => `  ${path}:\n    get:\n      responses:\n        '200': {description: OK, schema: {type: array, items: {type: string}}}\n`;

testRule(rule, {
  valid: [
    { name: 'the seed paths', yaml: paths('/orders', '/orders/{order_id}', '/orders/{order_id}/lines', '/{organization}/{project}/_apis/build/definitions') },
    { name: 'uncountable nouns', yaml: paths('/data/{key}', '/metadata/{key}', '/health/{check}', '/info/{key}', '/status/{code}', '/search/{query}', '/software/{name}') },
    { name: 'a singleton sub-resource', yaml: head + `  /orders/{order_id}/status:\n    get: {responses: {'200': {description: OK, schema: {type: object}}}}\n    put: {responses: {'200': {description: OK}}}\n` },
    { name: 'version tokens and unknown words', yaml: paths('/v1/{tenant}/orders', '/oauth2/{provider}/tokens') },
    { name: 'a verb (path-no-verbs reports it)', yaml: paths('/questions/show/{id}') },
    { name: 'a kind of a collection', yaml: head + arrayGet('/estimates/price') },
    { name: 'a sub-path parameter', yaml: paths('/pods/{name}/proxy/{path}') },
    { name: 'a POST alone is no sign of a collection', yaml: head + `  /oauth2/token:\n    post: {responses: {'201': {description: Created}}}\n` },
    { name: 'a GET that returns an array makes no collection', yaml: head + arrayGet('/user') + arrayGet('/usageHistory') },
    { name: 'lookup keys, scopes and versions are no member ids', yaml: paths('/name/{groupName}', '/maven/{groupId}/{artifactId}', '/api/{api_version}/media') },
  ],
  invalid: [
    { name: 'a singular collection before an identifier', yaml: paths('/order/{id}'), errors: [{ line: 4, column: 4, message: /'order' names a collection \(a parameter follows it\) but is singular; .*'orders': \/orders\/\{id\}\./ }] },
    { name: 'indexed by another path, POST adds to it', yaml: head + `  /pet:\n    post: {responses: {'200': {description: OK}}}\n  /pet/{petId}: {}\n`, errors: [{ line: 4, column: 4, message: /POST adds its members/ }, { line: 6, column: 4 }] },
    { name: 'a nested collection', yaml: paths('/stores/{store_id}/order/{order_id}'), errors: [{ line: 4, column: 22 }] },
    { name: 'POST adds what GET lists', yaml: head + `  /order:\n    get: {responses: {'200': {description: OK, schema: {type: array, items: {$ref: '#/definitions/Order'}}}}}\n    post: {responses: {'201': {description: Created, schema: {$ref: '#/definitions/Order'}}}}\ndefinitions:\n  Order: {type: object}\n`, errors: [{ line: 4, column: 4, message: /POST adds its members/ }] },
    { name: 'a closed compound by its head', yaml: paths('/permissionsreport/{id}'), errors: [{ line: 4, column: 4, message: /'permissionsreports'/ }] },
    { name: 'a leaf read with GET is a singleton, the same word before a member id a collection', yaml: head + `  /user:\n    get: {responses: {'200': {description: OK}}}\n  /user/{username}/orgs: {}\n`, errors: [{ line: 6, column: 4 }] },
    { name: 'a compound', yaml: paths('/user_list/{list_id}'), errors: [{ line: 4, column: 4, message: /'user_lists'/ }] },
  ],
});
