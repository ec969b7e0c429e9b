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
  ],
  invalid: [
    { name: 'a singular collection before an identifier', yaml: paths('/order/{id}'), errors: [{ line: 4, column: 4, message: /'order' names a collection \(some path follows it with a parameter\) but is singular; .*'orders': \/orders\/\{id\}\./ }] },
    { name: 'indexed by another path', yaml: paths('/pet', '/pet/{petId}'), errors: [{ line: 4, column: 4 }, { line: 5, column: 4 }] },
    { name: 'a nested collection', yaml: paths('/stores/{store_id}/order/{order_id}'), errors: [{ line: 4, column: 22 }] },
    { name: 'a GET that returns an array', yaml: head + arrayGet('/user'), errors: [{ line: 4, column: 4, message: /its GET returns an array/ }] },
    { name: 'a compound', yaml: paths('/user_list/{list_id}'), errors: [{ line: 4, column: 4, message: /'user_lists'/ }] },
  ],
});
