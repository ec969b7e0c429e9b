// A document behind a bearer token, given as --bearer env:VAR (or, discouraged, literally).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertUserError } from './helpers/cli.js';
import { assertNoSecret, cleanDocument, documentServer, runMainAsync, startServer, type TestServer } from './helpers/remote.js';
import { projectDir } from './helpers/paths.js';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjaSJ9.c2lnbmF0dXJl';
let server: TestServer;
let url: string;

before(async () => {
  const json = JSON.stringify({ swagger: '2.0', info: { title: 'Orders', version: '1.0', description: 'Orders API' }, schemes: ['https'], paths: {} }, null, 2);
  server = await startServer(documentServer({ '/v1/swagger.json': json }, (req) => req.headers.authorization === `Bearer ${token}`, 'Bearer realm="api", error="invalid_token"'));
  url = `${server.origin}/v1/swagger.json`;
});
after(() => server.close());

test('--bearer env:VAR sends Authorization: Bearer with the token', async () => {
  const run = await runMainAsync(['lint', url, '--bearer', 'env:API_TOKEN', '--format', 'json'], projectDir, { env: { API_TOKEN: token } });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), []);
  assert.equal(server.requests.at(-1)!.headers.authorization, `Bearer ${token}`);
});

test('--bearer with the token itself works too', async () => {
  const run = await runMainAsync(['lint', url, '--bearer', token], projectDir);
  assert.equal(run.code, 0, run.stderr);
});

test('without a token: exit 2, 401, the server asks for Bearer, --bearer env: is suggested', async () => {
  const run = await runMainAsync(['lint', url], projectDir);
  assertUserError(run, /v1\/swagger\.json answered HTTP 401 Unauthorized: the server asks for Bearer authentication; pass --bearer env:<VARIABLE>/);
});

test('a wrong token: 401, refused, not shown', async () => {
  const wrong = 'expired-token-0123456789';
  const run = await runMainAsync(['lint', url, '--bearer', 'env:API_TOKEN'], projectDir, { env: { API_TOKEN: wrong, SWAGLINT_DEBUG: '1' } });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /the credentials sent were refused/);
  assertNoSecret(run.stdout + run.stderr, [wrong], 'the output');
});

test('Basic credentials to a server that wants a bearer token: says they are of another kind', async () => {
  const run = await runMainAsync(['lint', url, '--auth', 'alice:secret-password'], projectDir);
  assertUserError(run, /asks for Bearer authentication; the credentials sent \(basic\) are of another kind/);
  assertNoSecret(run.stderr, ['secret-password'], 'stderr');
});

test('two Authorization schemes at once are refused', async () => {
  const run = await runMainAsync(['lint', url, '--auth', 'alice:pw', '--bearer', 'env:API_TOKEN'], projectDir, { env: { API_TOKEN: token } });
  assertUserError(run, /Use one of --auth \(or SWAGLINT_AUTH\), --bearer and the SWAGLINT_OAUTH_\* variables/);
});
