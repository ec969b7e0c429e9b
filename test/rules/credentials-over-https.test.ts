import rule from '../../rules/credentials-over-https.js';
import { testRule } from '../helpers/test-rule.js';

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
  ],
  invalid: [
    { name: 'basic over http', yaml: doc('[http, https]'), errors: [{ line: 3, column: 11, message: /'http' in schemes lets the credentials of 'creds' \(basic\) travel in clear text; .*schemes: \[https\]\./ }] },
    { name: 'an API key over http, by the operation\'s own schemes', yaml: doc('[https]', 'apiKey', 'schemes: [https, http], '), errors: [{ line: 9, column: 28, message: /'creds' \(apiKey\)/ }] },
  ],
});
