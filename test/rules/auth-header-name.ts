import rule from '../../rules/auth-header-name.js';
import { testRule } from '../helpers/test-rule.js';

const doc = (name: string, type = 'apiKey') => `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
paths: {}
securityDefinitions:
  service:
    type: ${type}
    in: header
    name: ${name}
`;

testRule(rule, {
  valid: [
    { name: 'the service header', yaml: doc('X-Service-Authentication') },
    { name: 'header names are case-insensitive', yaml: doc('x-service-authentication') },
    { name: 'the standard Authorization header', yaml: doc('Authorization') },
    { name: 'another name by option', yaml: doc('X-Acme-Auth'), options: { header: 'X-Acme-Auth' } },
  ],
  invalid: [
    { name: 'a custom name', yaml: doc('X-Api-Key'), errors: [{ line: 8, column: 11, message: /Custom authentication header 'X-Api-Key' of scheme 'service' should be named 'X-Service-Authentication'/ }] },
  ],
});
