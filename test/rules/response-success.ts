import rule from '../../rules/response-success.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
paths:
  /orders:
`;

testRule(rule, {
  valid: [
    { name: 'a 200', yaml: head + `    get: {responses: {'200': {description: OK}, '404': {description: Not found}}}\n` },
    { name: 'a default', yaml: head + `    get: {responses: {default: {description: Anything}}}\n` },
    { name: 'a redirect', yaml: head + `    get: {responses: {'302': {description: To the download}}}\n` },
  ],
  invalid: [
    { name: 'errors only', yaml: head + `    get: {responses: {'404': {description: Not found}}}\n`, errors: [{ line: 5, column: 5, message: /GET documents only 404; document its success response too/ }] },
    { name: 'not modified is no success of its own', yaml: head + `    delete:\n      responses:\n        '304': {description: Not modified}\n`, errors: [{ line: 5, column: 5, message: /DELETE documents only 304/ }] },
    { name: 'no responses', yaml: head + `    post: {}\n`, errors: [{ line: 5, column: 5, message: /POST documents no responses/ }] },
  ],
});
