// No output format, error or debug line ever contains a credential, even when a server echoes one
// back into the document it serves, into a failing $ref's answer, or into its status line.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertNoSecret, definitions, runMainAsync, startServer, type TestServer } from './helpers/remote.js';
import { projectDir } from './helpers/paths.js';
import { formatNames } from '../src/format/index.js';

const password = 'sw0rdfish:correct:horse';
const basicForm = Buffer.from(`ci:${password}`).toString('base64');
const headerValue = 'svc-user;0bfu5cated-pa55;integrator-key-81f2';
const token = 'bearer-token-5d41402abc4b2a76b9719d911017c592';
const oauth = {
  SWAGLINT_OAUTH_CONSUMER_KEY: 'consumer-key-public',
  SWAGLINT_OAUTH_CONSUMER_SECRET: 'consumer-secret-9f86d081884c',
  SWAGLINT_OAUTH_TOKEN: 'access-token-public',
  SWAGLINT_OAUTH_TOKEN_SECRET: 'token-secret-e3b0c44298fc',
};
const secrets = [password, basicForm, headerValue, encodeURIComponent(headerValue), token, oauth.SWAGLINT_OAUTH_CONSUMER_SECRET, oauth.SWAGLINT_OAUTH_TOKEN_SECRET];

let home: TestServer;
let other: TestServer;

/** A document with findings whose description quotes every credential header the request carried. */
function echoing(headers: Record<string, string | string[] | undefined>, refOrigin: string): string {
  const echoed = JSON.stringify(`Requested with ${headers['authorization'] ?? ''} and ${headers['x-service-authentication'] ?? ''}`);
  return `swagger: '2.0'
info: {title: Orders, version: '1.0', description: ${echoed}}
schemes: [http]
securityDefinitions:
  basic: {type: basic}
paths:
  /getOrders:
    get:
      description: ${echoed}
      responses:
        '200':
          description: ${echoed}
          schema: {$ref: 'defs.yaml#/definitions/Order'}
        '404':
          description: Missing
          schema: {$ref: '${refOrigin}/private/defs.yaml#/definitions/Order'}
`;
}

before(async () => {
  other = await startServer((req, res) => {
    // a careless server: its status line repeats whatever authorization it was sent
    res.writeHead(401, `Unauthorized ${req.headers['authorization'] ?? 'nothing'}`, { 'www-authenticate': `Basic realm="${req.headers['authorization'] ?? ''}"` }).end();
  });
  home = await startServer((req, res) => {
    if (req.url === '/api/defs.yaml') return void res.writeHead(200, { 'content-type': 'application/yaml' }).end(definitions);
    if (req.url === '/api/swagger.yaml') return void res.writeHead(200, { 'content-type': 'application/yaml' }).end(echoing(req.headers, other.origin));
    res.writeHead(401, `No ${req.headers['authorization'] ?? ''}`, { 'www-authenticate': `Bearer error="${req.headers['x-service-authentication'] ?? ''}"` }).end();
  });
});
after(async () => {
  await home.close();
  await other.close();
});

const header = ['--header', 'X-Service-Authentication: env:SERVICE_AUTH'];
const runs: Array<{ name: string; args: string[]; env: Record<string, string> }> = [
  { name: 'Basic and a header', args: ['--auth', `ci:${password}`, ...header], env: { SERVICE_AUTH: headerValue } },
  { name: 'a bearer token and a header', args: ['--bearer', 'env:TOKEN', ...header], env: { SERVICE_AUTH: headerValue, TOKEN: token } },
  { name: 'OAuth 1.0 and a header', args: header, env: { SERVICE_AUTH: headerValue, ...oauth } },
  { name: 'SWAGLINT_AUTH', args: [], env: { SWAGLINT_AUTH: `ci:${password}` } },
];

test('the list of formats is not empty', () => assert.ok(formatNames.length >= 2));

/**
 * The CLI's arguments that write every format in one run (one process per format cost most of this
 * file's CPU): each but the last to a file in `dir`, the last to stdout; and a reader of the reports.
 */
function everyFormat(dir: string): { args: string[]; reports: (stdout: string) => Array<[string, string]> } {
  const [last, ...rest] = [...formatNames].reverse();
  const args = rest.flatMap((f) => ['--format', f, '--output', path.join(dir, `report.${f}`)]).concat('--format', last!);
  return { args, reports: (stdout) => [...rest.map((f): [string, string] => [f, readFileSync(path.join(dir, `report.${f}`), 'utf8')]), [last!, stdout]] };
}

for (const { name, args, env } of runs) {
  test(`${name}: every --format, stderr and the debug log hold no secret`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-secrets-'));
    try {
      const formats = everyFormat(dir);
      // the $ref to the second origin is listed for the credentials, so they are sent there and echoed back
      const run = await runMainAsync(['lint', `${home.origin}/api/swagger.yaml`, ...args, '--resolve-remote', '--auth-origin', other.origin, ...formats.args, '--preset', 'all'], projectDir, { env: { ...env, SWAGLINT_DEBUG: '1' } });
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /swaglint: debug: GET /);
      assert.ok(home.requests.at(-1)!.headers['x-service-authentication'] !== undefined || env['SWAGLINT_AUTH']);
      for (const [format, report] of formats.reports(run.stdout)) {
        assert.ok(report.length > 0, `--format ${format} wrote nothing`);
        assertNoSecret(report, secrets, `--format ${format}`);
      }
      assertNoSecret(run.stderr, secrets, 'stderr');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test(`${name}: a root that answers 401 and echoes the credentials: the error holds no secret`, async () => {
    const run = await runMainAsync(['lint', `${home.origin}/api/private.yaml`, ...args], projectDir, { env: { ...env, SWAGLINT_DEBUG: '1' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /answered HTTP 401 Unauthorized/);
    assertNoSecret(run.stdout + run.stderr, secrets, 'the output');
  });
}

test('a server that echoes the decoded password JSON-escaped (Pa\\"ss w\\u00f6rd): no spelling of it in any format, code frames included', async () => {
  const awkward = 'Pa"ss wörd\\x';
  // JSON's escapes, with every non-ASCII character as \uXXXX, as many servers write it
  const ascii = (s: string) => JSON.stringify(s).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const echo = await startServer((req, res) => {
    const basic = /^Basic (.*)$/.exec(req.headers['authorization'] ?? '')?.[1] ?? '';
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{
  "swagger": "2.0",
  "info": {"title": "Orders", "version": "1.0", "description": ${ascii(`Signed in as ${decoded}`)}},
  "paths": {"/getOrders": {"get": {"description": ${ascii(`for ${decoded}`)}, "responses": {"200": {"description": "OK"}}}}}
}
`);
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-secrets-'));
  try {
    const spellings = [awkward, 'Pa\\"ss w\\u00f6rd', 'Pa\\"ss wörd', 'w\\u00f6rd\\\\x', 'Pa\\\\\\"ss'];
    const formats = everyFormat(dir);
    const run = await runMainAsync(['lint', `${echo.origin}/api.json`, '--auth', `ci:${awkward}`, ...formats.args, '--preset', 'all', '--rule', 'path-no-verbs=error'], projectDir);
    assert.equal(run.code, 1, run.stderr);
    assertNoSecret(run.stderr, spellings, 'stderr');
    for (const [format, report] of formats.reports(run.stdout)) {
      if (format === 'stylish') assert.match(report, /> +\d+ \|/, 'the report has code frames');
      assertNoSecret(report, spellings, `--format ${format}`);
    }
  } finally {
    await echo.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
