import rule from '../../rules/credentials-over-https.js';
import { testRule } from '../helpers/test-rule.js';

const oas3 = (servers: string, scheme = '{type: http, scheme: basic}') => `openapi: 3.1.0
info: {title: Orders, version: '1.0', description: Orders API}
servers: ${servers}
components:
  securitySchemes:
    creds: ${scheme}
security: [{creds: []}]
paths:
  /orders:
    get: {responses: {'200': {description: OK}}}
`;

const doc = (schemes: string, type = 'basic', extra = '') => `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
schemes: ${schemes}
securityDefinitions:
  creds: {type: ${type}, name: X-Service-Authentication, in: header}
security: [{creds: []}]
paths:
  /orders:
    get: {${extra}responses: {'200': {description: OK}}}
`;

testRule(rule, {
  valid: [
    { name: 'https only', yaml: doc('[https]') },
    { name: 'http with OAuth 2 only', yaml: doc('[http, https]', 'oauth2', '').replace('name: X-Service-Authentication, in: header', 'flow: implicit, authorizationUrl: "https://x/auth", scopes: {}') },
    { name: 'a public operation over http', yaml: doc('[http]', 'basic', 'security: [], ') },
    { name: 'OpenAPI 3: https and loopback servers', yaml: oas3("[{url: 'https://api.example.com'}, {url: 'http://localhost:8080'}, {url: 'http://[::1]/v1'}, {url: /v1}]") },
    { name: 'OpenAPI 3: a bearer token is no basic or apiKey credential', yaml: oas3("[{url: 'http://api.example.com'}]", '{type: http, scheme: bearer}') },
  ],
  invalid: [
    { name: 'basic over http', yaml: doc('[http, https]'), errors: [{ line: 3, column: 11, message: /'http' in schemes lets the credentials of 'creds' \(basic\) travel in clear text; .*schemes: \[https\]\./ }] },
    { name: 'an API key over http, by the operation\'s own schemes', yaml: doc('[https]', 'apiKey', 'schemes: [https, http], '), errors: [{ line: 9, column: 28, message: /'creds' \(apiKey\)/ }] },
    {
      name: 'OpenAPI 3: basic over an http server',
      yaml: oas3("[{url: 'http://api.example.com'}]"),
      errors: [{ line: 3, column: 17, messageId: 'clearText', message: /^Server 'http:\/\/api.example.com' \(plain http\), serving GET \/orders, lets the credentials of 'creds' \(http basic\) travel in clear text; .*https/ }],
    },
    {
      name: 'OpenAPI 3: an API key over a server whose scheme variable offers http',
      yaml: oas3("[{url: '{scheme}://api.example.com', variables: {scheme: {default: https, enum: [https, http]}}}]", '{type: apiKey, in: header, name: X-Service-Authentication}'),
      errors: [{ line: 3, column: 98, messageId: 'clearText', message: /\(its variable 'scheme' offers http\).*'creds' \(apiKey\)/ }],
    },
  ],
});
