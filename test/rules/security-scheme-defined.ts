import rule from '../../rules/security-scheme-defined.js';
import { testRule, ordersHead as head } from '../helpers/test-rule.js';

const ok = `responses: {'200': {description: OK}}`;

testRule(rule, {
  valid: [
    { name: 'defined schemes and scopes', yaml: head + `securityDefinitions:\n  key: {type: apiKey, name: X-Key, in: header}\n  oauth: {type: oauth2, flow: implicit, authorizationUrl: 'https://a.example/auth', scopes: {read: Read}}\nsecurity:\n  - key: []\n  - oauth: [read]\npaths: {}\n` },
  ],
  invalid: [
    { name: 'an undefined scheme, an undefined scope, scopes on apiKey', yaml: head + `securityDefinitions:\n  key: {type: apiKey, name: X-Key, in: header}\n  oauth: {type: oauth2, flow: implicit, authorizationUrl: 'https://a.example/auth', scopes: {read: Read}}\nsecurity:\n  - Oauth: [read]\n  - oauth: [read, write]\n  - key: [read]\npaths: {}\n`,
      errors: [{ line: 7, column: 5, message: /'Oauth' is not defined in securityDefinitions; did you mean 'oauth'\?/ }, { line: 8, column: 19, message: /Scope 'write' is not among/ }, { line: 9, column: 5, message: /apiKey, which has no scopes/ }] },
    { name: 'JSON, on an operation', uri: '/virtual/api.json', yaml: '{"swagger": "2.0", "paths": {"/a": {"get": {"responses": {},\n"security": [{"basic": []}]}}}}', errors: [{ line: 2, column: 15, message: /define it under securityDefinitions/ }] },
  ],
});
