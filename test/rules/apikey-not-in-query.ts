import rule from '../../rules/apikey-not-in-query.js';
import { testRule } from '../helpers/test-rule.js';

const doc = (scheme: string) => `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
paths: {}
securityDefinitions:
  key:
${scheme}`;

testRule(rule, {
  valid: [
    { name: 'a key in a header', yaml: doc(`    type: apiKey\n    in: header\n    name: X-Service-Authentication\n`) },
    { name: 'the OAuth 1.0 signature', yaml: doc(`    type: apiKey\n    in: query\n    name: oauth_signature\n`) },
  ],
  invalid: [
    { name: 'a key in the query', yaml: doc(`    type: apiKey\n    in: query\n    name: api_key\n`), errors: [{ line: 7, column: 5, message: /API key 'api_key' of scheme 'key' travels in the query, where it leaks into access logs.*in: header\./ }] },
  ],
});
