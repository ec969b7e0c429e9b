// A document behind the custom header X-Service-Authentication, its value read from the environment.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertUserError } from './helpers/cli.js';
import { assertNoSecret, cleanDocument, documentServer, runMainAsync, startServer, type TestServer } from './helpers/remote.js';
import { projectDir } from './helpers/paths.js';

const value = '<user>svc-user</user><password>b2JmdXNjYXRlZA==</password><key>integrator-7f3c</key>';
let server: TestServer;
let url: string;

before(async () => {
  server = await startServer(documentServer({ '/docs/swagger.yaml': cleanDocument() }, (req) => req.headers['x-service-authentication'] === value));
  url = `${server.origin}/docs/swagger.yaml`;
});
after(() => server.close());

test("--header 'X-Service-Authentication: env:VAR' sends the variable's value", async () => {
  const run = await runMainAsync(['lint', url, '--header', 'X-Service-Authentication: env:SERVICE_AUTH', '--format', 'json'], projectDir, { env: { SERVICE_AUTH: value } });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests.at(-1)!.headers['x-service-authentication'], value);
  assertNoSecret(run.stdout + run.stderr, [value], 'the output');
});

test('a literal header value works too, and several --header flags are all sent', async () => {
  const run = await runMainAsync(['lint', url, '--header', `X-Service-Authentication: ${value}`, '--header', 'X-Request-Source: ci'], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests.at(-1)!.headers['x-request-source'], 'ci');
});

test('a missing variable is an error naming the variable, and nothing is requested', async () => {
  const before = server.requests.length;
  const run = await runMainAsync(['lint', url, '--header', 'X-Service-Authentication: env:SERVICE_AUTH_UNSET'], projectDir);
  assertUserError(run, /--header X-Service-Authentication: the environment variable SERVICE_AUTH_UNSET is not set/);
  assert.equal(server.requests.length, before);
});

test('a malformed --header is refused with the form to use', async () => {
  const run = await runMainAsync(['lint', url, '--header', 'no colon here'], projectDir);
  assertUserError(run, /--header should read 'Name: value'/);
});

test('without the header: exit 2 with 401 and the options that would help', async () => {
  const run = await runMainAsync(['lint', url], projectDir);
  assertUserError(run, /answered HTTP 401 Unauthorized: pass credentials with --auth <user>, --header '<Name>: env:<VARIABLE>', --bearer env:<VARIABLE> or the SWAGLINT_OAUTH_\* variables/);
});

test('a wrong header value: 401, refused, and the value is not shown', async () => {
  const wrong = 'wrong-service-credentials';
  const run = await runMainAsync(['lint', url, '--header', 'X-Service-Authentication: env:SERVICE_AUTH'], projectDir, { env: { SERVICE_AUTH: wrong, SWAGLINT_DEBUG: '1' } });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /answered HTTP 401 Unauthorized: the credentials sent were refused/);
  assertNoSecret(run.stdout + run.stderr, [wrong], 'the output');
});
