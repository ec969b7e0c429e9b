import rule from '../../rules/api-version-param.js';
import { testRule } from '../helpers/test-rule.js';

const head = `swagger: '2.0'
info: {title: Builds, version: '7.1', description: Builds API}
paths:
  /definitions:
    post:
      responses: {'200': {description: OK}}
      parameters:
        - name: api-version
`;
const param = (lines: string) => head + lines.split('\n').map((l) => `          ${l}\n`).join('');
const good = `in: query\ntype: string\nrequired: true`;
const oas3 = (servers: string, param: string) => `openapi: 3.1.0
info: {title: Builds, version: '7.1', description: Builds API}
servers: ${servers}
paths:
  /definitions:
    post:
      parameters: [${param}]
      responses: {'200': {description: OK}}
`;

testRule(rule, {
  valid: [
    { name: 'a required query string', yaml: param(`${good}\ndefault: '7.1'\nenum: ['7.0', '7.1']\nx-example: '7.1'`) },
    { name: 'a wider pattern as an option', yaml: param(`${good}\ndefault: '7.1-preview.1'`), options: { pattern: '^\\d+\\.\\d+(-preview(\\.\\d+)?)?$' } },
    { name: 'OpenAPI 3: a required query string by its schema, and a server choosing 7.1', yaml: oas3("[{url: 'https://dev.example.com/?api-version=7.1'}]", "{name: api-version, in: query, required: true, schema: {type: string, enum: ['7.0', '7.1']}, example: '7.1'}") },
    { name: 'in the document parameters', yaml: `swagger: '2.0'\ninfo: {title: B, version: '1', description: B}\npaths: {}\nparameters:\n  version:\n    name: api-version\n    in: query\n    type: string\n    required: true\n` },
  ],
  invalid: [
    {
      name: 'OpenAPI 3: a number schema, and a server URL choosing a bare major version',
      yaml: oas3("[{url: 'https://dev.example.com/?api-version=7'}]", '{name: api-version, in: query, required: true, schema: {type: number}}'),
      errors: [
        { line: 3, column: 17, message: /^api-version value "7" in the server URL does not have the form major.minor/ },
        { line: 7, column: 76, message: /^api-version is type: number; .*schema: \{type: string\}/ },
      ],
    },
    { name: 'in a header', yaml: param(`in: header\ntype: string\nrequired: true`), errors: [{ line: 9, column: 11, message: /api-version is in: header; .*in: query/ }] },
    { name: 'a number type', yaml: param(`in: query\ntype: number\nrequired: true`), errors: [{ line: 10, column: 11, message: /type: number; .*type: string/ }] },
    { name: 'not required', yaml: param(`in: query\ntype: string`), errors: [{ line: 8, column: 11, message: /not required; .*required: true/ }] },
    {
      name: 'values not of the form major.minor',
      yaml: param(`${good}\ndefault: 7.1\nenum: ['7', '7.1']\nx-example: v7`),
      errors: [
        { line: 12, column: 20, message: /api-version value 7\.1 is a number; write it as a string of the form major\.minor \(such as '7\.1'\): '7\.1'\./ },
        { line: 13, column: 18, message: /api-version value "7" does not have the form major\.minor/ },
        { line: 14, column: 22, message: /"v7"/ },
      ],
    },
  ],
});
