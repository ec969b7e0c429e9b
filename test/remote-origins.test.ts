// Credentials stay with their origin: a $ref to a second server and a cross-origin redirect carry
// none. Remote $refs are fetched only when asked for; redirects, size, time and content are bounded.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, findings, tempProject } from './helpers/cli.js';
import { assertNoSecret, cleanDocument, definitions, documentServer, runMainAsync, startServer, type TestServer } from './helpers/remote.js';
import { projectDir } from './helpers/paths.js';
import { lint } from '../src/index.js';
import { maxDocumentBytes, megabytes } from '../src/load/limits.js';

const password = 'origin:bound:secret';
const basic = 'Basic ' + Buffer.from(`ci:${password}`).toString('base64');
const auth = ['--auth', `ci:${password}`];
let home: TestServer; // needs the credentials
let other: TestServer; // a second origin: records what it is sent, needs nothing

before(async () => {
  const open = documentServer({ '/shared/defs.yaml': definitions, '/moved/swagger.yaml': cleanDocument() }, () => true);
  other = await startServer((req, res) => {
    if (req.url?.startsWith('/private/')) return void res.writeHead(401, { 'www-authenticate': 'Bearer realm="other"' }).end();
    open(req, res);
  });
  const docs: Record<string, string> = {
    '/api/swagger.yaml': cleanDocument(`${other.origin}/shared/defs.yaml#/definitions/Order`),
    '/api/local-ref.yaml': cleanDocument('defs.yaml#/definitions/Order'),
    '/api/defs.yaml': definitions,
    '/api/file-ref.yaml': cleanDocument('file:///etc/hostname#/x'),
    '/api/same.yaml': cleanDocument(),
    '/api/private-ref.yaml': cleanDocument(`${other.origin}/private/defs.yaml#/definitions/Order`),
  };
  home = await startServer((req, res) => {
    const p = req.url ?? '';
    if (p === '/old/swagger.yaml') return void res.writeHead(301, { location: '/api/same.yaml' }).end();
    if (p === '/away/swagger.yaml') return void res.writeHead(302, { location: `${other.origin}/moved/swagger.yaml` }).end();
    if (p.startsWith('/loop/')) return void res.writeHead(307, { location: `/loop/${Number(p.slice(6)) + 1}` }).end();
    if (p === '/page.yaml') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (p === '/login.yaml') return void res.writeHead(200).end('<!DOCTYPE html>\n<html><body>Sign in</body></html>');
    if (p === '/huge.yaml') return void res.writeHead(200, { 'content-type': 'application/yaml', 'content-length': String(maxDocumentBytes + 1024 * 1024) }).end();
    if (p === '/huge-chunked.yaml') {
      // no content-length: the limit is enforced while reading
      res.writeHead(200, { 'content-type': 'application/yaml' });
      const chunk = '# ' + 'x'.repeat(1024 * 1024 - 3) + '\n';
      let sent = 0;
      const pump = () => {
        while (sent < maxDocumentBytes / (1024 * 1024) + 4 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (p === '/slow.yaml') return void res.writeHead(200, { 'content-type': 'application/yaml' }).write('swagger: "2.0"\n'); // never ends
    if (p === '/json-as-text.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify({ swagger: '2.0', info: { title: 'T', version: '1', description: 'D' }, schemes: ['https'], paths: { '/getOrders': {} } }));
    documentServer(docs, (r) => r.headers.authorization === basic, 'Basic realm="home"')(req, res);
  });
});
after(async () => {
  await home.close();
  await other.close();
});

test('a remote $ref is not fetched without --resolve-remote: a finding names the flag, the server sees nothing', async () => {
  const before = other.requests.length;
  const run = await runMainAsync(['lint', `${home.origin}/api/swagger.yaml`, ...auth, '--format', 'json'], projectDir);
  assert.equal(run.code, 1, run.stderr);
  const found = findings(run);
  assert.deepEqual(found.map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['13:27 ref-resolves']);
  assert.match(found[0]!.message, /is a remote \$ref; pass --resolve-remote to fetch it/);
  assert.equal(other.requests.length, before);
});

test('with --resolve-remote a $ref to a second origin is fetched without the credentials', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/api/swagger.yaml`, ...auth, '--resolve-remote', '--format', 'json'], projectDir);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(home.requests.at(-1)!.headers.authorization, basic);
  const seen = other.requests.at(-1)!;
  assert.equal(seen.url, '/shared/defs.yaml');
  assert.equal(seen.headers.authorization, undefined);
  assert.deepEqual(Object.keys(seen.headers).filter((h) => /auth|token|cookie/i.test(h)), []);
});

test('--auth-origin lets the credentials go to a listed second origin', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/api/swagger.yaml`, ...auth, '--resolve-remote', '--auth-origin', other.origin], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(other.requests.at(-1)!.headers.authorization, basic);
});

test('a relative $ref in a fetched document goes to its own origin, with the credentials', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/api/local-ref.yaml`, ...auth, '--resolve-remote', '--format', 'json'], projectDir);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(home.requests.at(-1)!.url, '/api/defs.yaml');
  assert.equal(home.requests.at(-1)!.headers.authorization, basic);
});

test('a 401 on a $ref is one finding at the $ref with the URL, the status and the hint', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/api/private-ref.yaml`, ...auth, '--resolve-remote', '--format', 'json'], projectDir);
  assert.equal(run.code, 1, run.stderr);
  const found = findings(run);
  assert.deepEqual(found.map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['13:27 ref-resolves']);
  assert.match(found[0]!.message, new RegExp(`\\$ref does not resolve: ${other.origin}/private/defs\\.yaml answered HTTP 401 Unauthorized: the server asks for Bearer authentication; no credentials were sent, since none were given for ${other.origin}; add --auth-origin ${other.origin} to send them there`));
  assert.equal(other.requests.at(-1)!.headers.authorization, undefined);
  assertNoSecret(run.stdout + run.stderr, [password], 'the output');
});

test('a fetched document may not read local files', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/api/file-ref.yaml`, ...auth, '--resolve-remote', '--format', 'json'], projectDir);
  assert.equal(run.code, 1, run.stderr);
  const found = findings(run);
  assert.deepEqual(found.map((f) => f.ruleId), ['ref-resolves']);
  assert.match(found[0]!.message, /a document fetched from a URL may not read local files/);
});

test('a same-origin redirect keeps the credentials', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/old/swagger.yaml`, ...auth], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(home.requests.slice(-2).map((r) => [r.url, r.headers.authorization]), [['/old/swagger.yaml', basic], ['/api/same.yaml', basic]]);
});

test('a cross-origin redirect drops the credentials', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/away/swagger.yaml`, ...auth, '--format', 'json'], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(home.requests.at(-1)!.headers.authorization, basic);
  const seen = other.requests.at(-1)!;
  assert.equal(seen.url, '/moved/swagger.yaml');
  assert.equal(seen.headers.authorization, undefined);
});

test('more than 5 redirects: exit 2 naming the URL', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/loop/0`, ...auth], projectDir);
  assertUserError(run, /loop\/0 redirects more than 5 times/);
  assertNoSecret(run.stderr, [password], 'stderr');
});

test('an HTML answer is refused, by content type or by its content (a sign-in page)', async () => {
  assertUserError(await runMainAsync(['lint', `${home.origin}/page.yaml`], projectDir), /page\.yaml answered with text\/html, not YAML or JSON/);
  assertUserError(await runMainAsync(['lint', `${home.origin}/login.yaml`], projectDir), /login\.yaml answered with an HTML page, not YAML or JSON/);
});

test('JSON served as text/plain is sniffed and linted as JSON', async () => {
  const run = await runMainAsync(['lint', `${home.origin}/json-as-text.txt`, '--format', 'json'], projectDir);
  assert.equal(run.code, 0, run.stderr); // its finding is a warning: path-no-verbs is warn since issue 26
  assert.ok(findings(run).some((f) => f.ruleId === 'path-no-verbs' && f.file === `${home.origin}/json-as-text.txt`));
});

test('a document over the size limit is refused, declared or streamed', async () => {
  assertUserError(await runMainAsync(['lint', `${home.origin}/huge.yaml`], projectDir), new RegExp(`huge\\.yaml is ${megabytes(maxDocumentBytes + 1024 * 1024).replace('.', '\\.')}, over the limit of ${megabytes(maxDocumentBytes).replace('.', '\\.')}`));
  assertUserError(await runMainAsync(['lint', `${home.origin}/huge-chunked.yaml`], projectDir), new RegExp(`huge-chunked\\.yaml is over the limit of ${megabytes(maxDocumentBytes).replace('.', '\\.')}`));
});

test('a server that never finishes: the --timeout ends the fetch with a clear error', async () => {
  assertUserError(await runMainAsync(['lint', `${home.origin}/slow.yaml`, '--timeout', '0.5'], projectDir), /slow\.yaml cannot be fetched: no complete answer within 0\.5 s/);
});

test('a 404 and a refused connection are clear errors naming the URL', async () => {
  assertUserError(await runMainAsync(['lint', `${other.origin}/nothing.yaml`], projectDir), new RegExp(`${other.origin}/nothing\\.yaml answered HTTP 404 Not Found`));
  const closed = await startServer(() => undefined);
  const gone = `${closed.origin}/x.yaml`;
  await closed.close();
  assertUserError(await runMainAsync(['lint', gone], projectDir), /x\.yaml cannot be fetched: the connection was refused/);
});

test('the library takes the same options: fetch credentials per origin', async () => {
  const found = await lint(
    { url: `${home.origin}/api/swagger.yaml` },
    { fetch: { resolveRemote: true, credentials: [{ origin: home.origin, auth: { type: 'basic', user: 'ci', password } }] } },
  );
  assert.deepEqual(found, []);
  assert.equal(other.requests.at(-1)!.headers.authorization, undefined);
  const refused = await lint({ url: `${home.origin}/api/swagger.yaml` }, { fetch: { credentials: [{ origin: other.origin, auth: [{ type: 'bearer', token: 'x-token-value' }] }] } }).then(
    () => 'resolved',
    (error: Error) => error.message,
  );
  assert.match(refused, /answered HTTP 401 Unauthorized: the server asks for Basic authentication; no credentials were sent, since none were given for http:\/\/127\.0\.0\.1:\d+; add --auth-origin/);
});

test('a local document with a remote $ref: credentials go only to an --auth-origin', async () => {
  const dir = tempProject('swaglint-remote-');
  writeFileSync(path.join(dir, 'api.yaml'), cleanDocument(`${home.origin}/api/defs.yaml#/definitions/Order`));
  const sent = await runMainAsync(['lint', 'api.yaml', ...auth, '--resolve-remote', '--auth-origin', home.origin, '--format', 'json'], dir);
  assert.equal(sent.code, 0, sent.stdout + sent.stderr);
  assert.equal(home.requests.at(-1)!.headers.authorization, basic);
  const unsent = await runMainAsync(['lint', 'api.yaml', ...auth, '--resolve-remote', '--format', 'json'], dir);
  assert.equal(unsent.code, 1);
  assert.equal(home.requests.at(-1)!.headers.authorization, undefined);
  assert.match(unsent.stderr, /no URL on the command line and no --auth-origin: the credentials given are sent nowhere/);
  assert.match(findings(unsent)[0]!.message, /defs\.yaml answered HTTP 401 Unauthorized: the server asks for Basic authentication; pass --auth <user>/);
});
