// OAuth 1.0 signed requests (HMAC-SHA1, RFC 5849), verified by an independent implementation:
// Debian's python3-oauthlib behind a small server (test/servers/oauth1_server.py) that this test starts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { assertUserError } from './helpers/cli.js';
import { assertNoSecret, cleanDocument, runCliAsync } from './helpers/remote.js';
import { projectDir } from './helpers/paths.js';

const keys = {
  SWAGLINT_OAUTH_CONSUMER_KEY: 'orders-ci-consumer',
  SWAGLINT_OAUTH_CONSUMER_SECRET: 'kd94hf93k423kf44-consumer-secret',
  SWAGLINT_OAUTH_TOKEN: 'nnch734d00sl2jdk-access-token',
  SWAGLINT_OAUTH_TOKEN_SECRET: 'pfkkdhi9sl3r4s00-token-secret',
};
const secrets = [keys.SWAGLINT_OAUTH_CONSUMER_SECRET, keys.SWAGLINT_OAUTH_TOKEN_SECRET];

/** A python3 that can import oauthlib: Debian's (where apt installs python3-oauthlib) first. */
function findPython(): string | undefined {
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    const r = spawnSync(candidate, ['-c', 'import oauthlib'], { encoding: 'utf8' });
    if (r.status === 0) return candidate;
  }
  return undefined;
}

const python = findPython();
if (!python && process.env['CI'] === 'true') throw new Error('python3 with oauthlib is missing; .ci/run installs python3-oauthlib');
const skip = python ? false : 'python3-oauthlib is not installed (apt-get install python3-oauthlib)';

let child: ChildProcess | undefined;
let origin = '';
let verdicts: string[] = [];

before(async () => {
  if (!python) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-oauth-'));
  const doc = path.join(dir, 'swagger.yaml');
  writeFileSync(doc, cleanDocument());
  child = spawn(python, [path.join(projectDir, 'test', 'servers', 'oauth1_server.py'), keys.SWAGLINT_OAUTH_CONSUMER_KEY, keys.SWAGLINT_OAUTH_CONSUMER_SECRET, keys.SWAGLINT_OAUTH_TOKEN, keys.SWAGLINT_OAUTH_TOKEN_SECRET, doc], { stdio: ['ignore', 'pipe', 'pipe'] });
  createInterface({ input: child.stderr! }).on('line', (line) => verdicts.push(line));
  const port = await new Promise<string>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`the OAuth server exited (${code}): ${verdicts.join('\n')}`)));
    createInterface({ input: child!.stdout! }).once('line', resolve);
  });
  origin = `http://127.0.0.1:${port.trim()}`;
});
after(() => {
  child?.kill('SIGTERM');
});

test('a request signed from the SWAGLINT_OAUTH_* variables passes oauthlib, query parameters included', { skip }, async () => {
  verdicts = [];
  const url = `${origin}/orders/swagger.yaml?api-version=7.1&filter=open%20orders&tag=a&tag=b`;
  const run = await runCliAsync(['lint', url, '--format', 'json'], projectDir, { env: keys });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), []);
  assert.deepEqual(verdicts, ['valid /orders/swagger.yaml?api-version=7.1&filter=open%20orders&tag=a&tag=b']);
  assertNoSecret(run.stdout + run.stderr, secrets, 'the output');
});

test('a wrong token secret: oauthlib rejects the signature, exit 2 with 401, the OAuth hint, no secret shown', { skip }, async () => {
  verdicts = [];
  const wrong = 'wrong-token-secret-value';
  const run = await runCliAsync(['lint', `${origin}/orders/swagger.yaml`], projectDir, { env: { ...keys, SWAGLINT_OAUTH_TOKEN_SECRET: wrong, SWAGLINT_DEBUG: '1' } });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /swagger\.yaml answered HTTP 401 Unauthorized: the server asks for OAuth authentication; the credentials sent were refused/);
  assert.deepEqual(verdicts, ['invalid /orders/swagger.yaml']);
  assertNoSecret(run.stdout + run.stderr, [wrong, keys.SWAGLINT_OAUTH_CONSUMER_SECRET], 'the output');
});

test('no signature: exit 2 with 401, naming the SWAGLINT_OAUTH_* variables', { skip }, async () => {
  const run = await runCliAsync(['lint', `${origin}/orders/swagger.yaml`], projectDir);
  assertUserError(run, /answered HTTP 401 Unauthorized: the server asks for OAuth authentication; set SWAGLINT_OAUTH_CONSUMER_KEY, SWAGLINT_OAUTH_CONSUMER_SECRET, SWAGLINT_OAUTH_TOKEN and SWAGLINT_OAUTH_TOKEN_SECRET/);
});

test('a partial set of SWAGLINT_OAUTH_* variables names the missing ones', { skip }, async () => {
  const run = await runCliAsync(['lint', `${origin}/orders/swagger.yaml`], projectDir, { env: { SWAGLINT_OAUTH_CONSUMER_KEY: keys.SWAGLINT_OAUTH_CONSUMER_KEY, SWAGLINT_OAUTH_TOKEN: keys.SWAGLINT_OAUTH_TOKEN } });
  assertUserError(run, /OAuth 1\.0 signing needs SWAGLINT_OAUTH_CONSUMER_SECRET and SWAGLINT_OAUTH_TOKEN_SECRET set as well/);
});
