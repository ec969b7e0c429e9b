import { test } from 'node:test';
import assert from 'node:assert/strict';
import rule, { pathEnd } from '../../rules/path-no-query-or-fragment.js';
import { testRule } from '../helpers/test-rule.js';

const swagger = `swagger: '2.0'\ninfo: {title: Auth, version: '1.0', description: Auth API}\npaths:\n`;
const oas31 = `openapi: 3.1.0\ninfo: {title: Auth, version: '1.0'}\npaths:\n`;
const op = `{responses: {'200': {description: OK}}}`;

testRule(rule, {
  valid: [
    { name: 'plain paths and templates', yaml: swagger + `  /oauth2/token:\n    post: ${op}\n  /files/{name}:\n    get: ${op}\n` },
    { name: 'a router\'s optional parameter is a name, not a query', yaml: oas31 + `  /users/{id?}:\n    get: ${op}\n` },
    { name: 'an extension', yaml: oas31 + `  x-old?: {}\n` },
  ],
  invalid: [
    {
      name: 'a fragment, colliding with the plain path',
      yaml: swagger + `  /oauth2/token:\n    post: ${op}\n  /oauth2/token#refresh:\n    post: ${op}\n`,
      errors: [
        { line: 6, column: 16, message: /^Path '\/oauth2\/token#refresh' has a fragment '#refresh', which a client never sends; a path key is a URL path, so requests for it go to '\/oauth2\/token': move its operations to '\/oauth2\/token'\.$/ },
        { line: 7, column: 5, message: /^POST \/oauth2\/token is already at line 5: / },
      ],
    },
    {
      name: 'the collision is said once, at the later operation, whichever key comes first',
      yaml: oas31 + `  /oauth2/token#refresh:\n    post: ${op}\n  /oauth2/token:\n    post: ${op}\n    get: ${op}\n`,
      errors: [{ line: 4, column: 16 }, { line: 5, column: 5, message: /^POST \/oauth2\/token is already at line 7:/ }],
    },
    {
      name: 'a query, no such path: rename the key',
      yaml: oas31 + `  /search?type=user:\n    get: ${op}\n`,
      errors: [{ line: 4, column: 10, message: /has a query string '\?type=user'; .* write the key as '\/search' and describe the query with `in: query` parameters\.$/ }],
    },
    {
      name: 'a URI template\'s query expansion, from its brace',
      yaml: oas31 + `  /files/{name}{?version}:\n    get: ${op}\n`,
      errors: [{ line: 4, column: 16, message: /a query string '\{\?version\}'/ }],
    },
    {
      name: 'two variants of one path, no plain key',
      yaml: swagger + `  /search?type=user:\n    get: ${op}\n  /search?type=group:\n    get: ${op}\n`,
      errors: [{ line: 4, column: 10 }, { line: 6, column: 10 }, { line: 7, column: 5, message: /^GET \/search is already at line 5:/ }],
    },
  ],
});

test('pathEnd: where a key stops being a path', () => {
  assert.equal(pathEnd('/a'), -1);
  assert.equal(pathEnd('/a?b'), 2);
  assert.equal(pathEnd('/a#b?c'), 2);
  assert.equal(pathEnd('/a{?b}'), 2);
  assert.equal(pathEnd('/a/{b?}'), -1);
  assert.equal(pathEnd('/a/{b?}?c'), 7);
});
