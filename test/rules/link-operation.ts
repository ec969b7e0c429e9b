import rule from '../../rules/link-operation.js';
import { testRule } from '../helpers/test-rule.js';

const doc = (version: string, link: string) => `openapi: ${version}\ninfo: {title: T, version: '1'}\npaths:\n  /a/{id}:\n    get:\n      operationId: getA\n      parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n      responses:\n        '200':\n          description: OK\n          links:\n            next: ${link}\n`;

testRule(rule, {
  valid: [
    { name: '3.1 an operationRef in percent-encoded form', yaml: doc('3.1.0', "{operationRef: '#/paths/~1a~1%7Bid%7D/get', parameters: {id: $request.path.id}}") },
    { name: 'an operationRef into a file swaglint did not load is not judged', yaml: doc('3.0.3', "{operationRef: 'other.yaml#/paths/~1b/get', parameters: {x: $url}}") },
  ],
  invalid: [
    { name: '3.1 a link to no operation', yaml: doc('3.1.0', '{operationId: nope}'), errors: [{ line: 12, column: 33, message: /operationId `nope`, which no operation has/ }] },
    { name: '3.0 an operationRef that does not resolve', yaml: doc('3.0.3', "{operationRef: '#/paths/~1b/get'}"), errors: [{ line: 12, column: 34, message: /operationRef `#\/paths\/~1b\/get` does not resolve/ }] },
    { name: 'a parameter the operation lacks names those it has', yaml: doc('3.0.3', '{operationId: getA, parameters: {ID: $url}}'), errors: [{ line: 12, column: 52, message: /passes `ID`, which is not a parameter of operation `getA` \(it has id\)/ }] },
  ],
});
