import rule from '../../rules/ref-resolves.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\n`;
const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'local references', yaml: head + `paths:\n  /a:\n    get:\n      responses:\n        '200': {description: OK, schema: {\$ref: '#/definitions/A'}}\ndefinitions:\n  A: {type: object}\n` },
  ],
  invalid: [
    { name: 'a missing definition and a missing file', yaml: head + `paths:\n  /a:\n    get:\n      parameters:\n        - \$ref: 'no-such-file.yaml#/P'\n      responses:\n        '200': {description: OK, schema: {\$ref: '#/definitions/B'}}\ndefinitions:\n  A: {type: object}\n`,
      // /virtual is outside the project (the working directory): a missing file there reads as any file there would
      errors: [{ line: 7, column: 17, message: /leaves the project/ }, { line: 9, column: 49, message: /'definitions\/B' does not exist in this document/ }] },
    { name: 'a pointer without its slash gets a warning', yaml: head + `paths: {}\ndefinitions:\n  A: {type: object}\n  B: {\$ref: '#definitions/A'}\n`,
      errors: [{ line: 6, column: 13, message: /write '#\/definitions\/A'/ }] },
    { name: 'JSON', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {}, "definitions": {"A": {"$ref": "#/definitions/C"}}}', errors: [{ line: 1, column: 63 }] },
  ],
});
