// A document behind HTTP Basic: --auth split at the first colon, SWAGLINT_AUTH, the 401 path, and
// --auth <user> without a terminal to ask on.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoStack, assertUserError } from './helpers/cli.js';
import { assertNoSecret, cleanDocument, documentServer, runCliAsync, runMainAsync, startServer, type TestServer } from './helpers/remote.js';
import { projectDir } from './helpers/paths.js';

const user = 'alice';
const password = 'pa:ss:w0rd:with-colons';
const basic = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
const secrets = [password, Buffer.from(`${user}:${password}`).toString('base64')];
let server: TestServer;
let url: string;

before(async () => {
  server = await startServer(documentServer({ '/api/swagger.yaml': cleanDocument() }, (req) => req.headers.authorization === basic, 'Basic realm="orders"'));
  url = `${server.origin}/api/swagger.yaml`;
});
after(() => server.close());

test('--auth user:password with colons in the password: split at the first colon, the lint runs', async () => {
  // the real CLI (its bundle) fetches; the runs below call main() in this process
  const run = await runCliAsync(['lint', url, '--auth', `${user}:${password}`, '--format', 'json'], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), []);
  assert.equal(server.requests.at(-1)!.headers.authorization, basic);
});

test('SWAGLINT_AUTH is the same form as --auth', async () => {
  const run = await runMainAsync(['lint', url, '--format', 'json'], projectDir, { env: { SWAGLINT_AUTH: `${user}:${password}` } });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests.at(-1)!.headers.authorization, basic);
});

test('findings in a fetched document name its URL, without user-info', async () => {
  const bad = await startServer(documentServer({ '/v.yaml': cleanDocument().replace('/orders:', '/getOrders:') }, (req) => req.headers.authorization === basic));
  try {
    const run = await runMainAsync(['lint', `http://${user}:${encodeURIComponent(password)}@${bad.origin.slice(7)}/v.yaml?api_key=k3y-value`, '--format', 'json'], projectDir);
    assert.equal(run.code, 0, run.stderr); // its finding is a warning: path-no-verbs is warn since issue 26
    const found = JSON.parse(run.stdout) as Array<{ file: string; ruleId: string }>;
    assert.ok(found.some((f) => f.ruleId === 'path-no-verbs'));
    // the URL's own user-info was used as Basic credentials for its origin, and shown nowhere
    assert.equal(bad.requests.at(-1)!.headers.authorization, basic);
    for (const f of found) assert.equal(f.file, `${bad.origin}/v.yaml?api_key=***`);
    assertNoSecret(run.stdout + run.stderr, [...secrets, encodeURIComponent(password), 'k3y-value'], 'the output');
  } finally {
    await bad.close();
  }
});

test('no credentials: exit 2, the URL, 401, the scheme the server asks for and the option that helps', async () => {
  const run = await runMainAsync(['lint', url], projectDir);
  assertUserError(run, new RegExp(`^swaglint: ${url.replace(/[.?]/g, '\\$&')} answered HTTP 401 Unauthorized: the server asks for Basic authentication; pass --auth <user>`));
  assert.equal(server.requests.at(-1)!.headers.authorization, undefined);
});

test('a wrong password: exit 2, 401, says the credentials were refused, and never shows them', async () => {
  const wrong = 'not:the:password';
  const run = await runMainAsync(['lint', url, '--auth', `${user}:${wrong}`, '--format', 'json'], projectDir, { env: { SWAGLINT_DEBUG: '1' } });
  assert.equal(run.code, 2, run.stderr);
  assertNoStack(run);
  assert.match(run.stderr, /answered HTTP 401 Unauthorized: the server asks for Basic authentication; the credentials sent were refused/);
  assert.match(run.stderr, /swaglint: debug: GET .* → 401 \(credentials for .* sent: basic\)/);
  assertNoSecret(run.stdout + run.stderr, [wrong, Buffer.from(`${user}:${wrong}`).toString('base64')], 'the output');
});

test('--auth <user> without a terminal (CI): a clear error, no request made', async () => {
  const before = server.requests.length;
  // a child's stdin is a pipe, not a terminal, as in CI
  const run = await runCliAsync(['lint', url, '--auth', user], projectDir, { input: `${password}\n` });
  assertUserError(run, /--auth alice has no password and there is no terminal to ask for one; pass --auth <user>:<password>/);
  assert.equal(server.requests.length, before);
});

test('--auth with an empty user name is refused', async () => {
  const run = await runMainAsync(['lint', url, '--auth', `:${password}`], projectDir);
  assertUserError(run, /--auth needs a user name/);
  assertNoSecret(run.stderr, secrets, 'stderr');
});
