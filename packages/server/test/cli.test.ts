// `swaglint serve` and `swaglint lint --publish` as CI runs them: real processes, the service on
// 127.0.0.1 with its embedded database, a service token created once from the command line.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freshDataDir } from './helpers/service.js';
import { serveCommand } from '../src/cli.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = path.join(repositoryRoot, 'bin', 'swaglint.js');
const env = { ...process.env, NO_COLOR: '1' };

/** `swaglint serve` on a free port of 127.0.0.1, once it says where it listens; `log()` is its stderr so far. */
async function startServe(data: string, env: NodeJS.ProcessEnv): Promise<{ server: ChildProcess; url: string; log: () => string }> {
  const server = spawn(process.execPath, [cli, 'serve', '--data', data, '--listen', '127.0.0.1:0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    server.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const m = /listening on (http:\/\/\S+),/.exec(log);
      if (m) resolve(m[1]!);
    });
    server.once('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)));
  });
  return { server, url, log: () => log };
}

/**
 * The one `swaglint serve` the two publishing tests share, started by the first that runs: each start
 * opens PGlite in a new process (some 2.5 s of CPU), and a second one would prove nothing more.
 */
let shared: { data: string; server: ChildProcess; url: string; log: () => string } | undefined;
async function sharedServe(data?: string): Promise<NonNullable<typeof shared>> {
  if (!shared) {
    const folder = data ?? (await freshDataDir());
    shared = { data: folder, ...(await startServe(folder, env)) };
  }
  return shared;
}
/** SIGTERM: a drain, which ends with exit 0. */
async function stopShared(): Promise<number | null> {
  const server = shared?.server;
  shared = undefined;
  if (!server) return null;
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  return server.exitCode;
}
after(stopShared);

function swaglint(args: string[], extraEnv: Record<string, string> = {}, cwd = repositoryRoot) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd, env: { ...env, ...extraEnv }, timeout: 60_000 });
}

/**
 * `swaglint serve <args>` refused before anything starts, in this process: the CLI hands serve's
 * arguments and its streams to this very function (src/cli/serve-command.ts), so the exit code and
 * stderr are the ones a spawn gives. One refusal and --help are spawned below, for that hand-over;
 * each spawn loads the service's modules (some 0.8 s of CPU).
 */
async function refusedInProcess(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await serveCommand(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, cwd: () => repositoryRoot, env });
  return { status, stdout, stderr };
}

/** `swaglint serve --help`, spawned once for the two tests that read it. */
let help: ReturnType<typeof swaglint> | undefined;
const serveHelpRun = () => (help ??= swaglint(['serve', '--help']));

test('swaglint serve --help lists the listen address, data folder, database and limits', async () => {
  const run = serveHelpRun();
  assert.equal(run.status, 0, run.stderr);
  for (const flag of ['--listen', '--data', '--database', '--max-body', '--lint-timeout', '--issuer', '--audience', '--jwks-url', '--path-auth', '--create-token', '--proxy-groups-header', '--rate-limit', '--lint-url-origin', '--lint-url-private', '--oidc-issuer', '--public-url']) {
    assert.ok(run.stdout.includes(flag), flag);
  }
  // a refusal through the real CLI: exit 2, the one line on stderr, nothing on stdout
  const bad = swaglint(['serve', '--listen', 'nowhere']);
  assert.equal(bad.status, 2);
  assert.equal(bad.stdout, '');
  assert.equal(bad.stderr, 'swaglint: --listen nowhere should read <host>:<port>, such as 0.0.0.0:8080.\n');
  assert.deepEqual(await refusedInProcess(['--listen', 'nowhere']), { status: bad.status, stdout: bad.stdout, stderr: bad.stderr }, 'in this process as spawned');
  // groups from a proxy only from a header named with a proxy to trust; browser sign-in needs its address
  const groupsAlone = await refusedInProcess(['--proxy-groups-header', 'X-Forwarded-Groups']);
  assert.equal(groupsAlone.status, 2);
  assert.equal(groupsAlone.stderr, 'swaglint: --proxy-groups-header goes with --trusted-proxy <address>: only a trusted proxy hands over groups.\n');
  const noPublicUrl = await refusedInProcess(['--oidc-issuer', 'https://idp.example', '--oidc-client-id', 'swaglint']);
  assert.equal(noPublicUrl.status, 2);
  assert.match(noPublicUrl.stderr, /^swaglint: --oidc-issuer needs --public-url/);
  const unknown = await refusedInProcess(['--frobnicate']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^swaglint: Unknown option '--frobnicate'; see swaglint serve --help\.\n$/);
  // without an audience, a token the identity provider issued to any other application would do
  const noAudience = await refusedInProcess(['--jwks-url', 'https://idp.example/keys', '--issuer', 'https://idp.example']);
  assert.equal(noAudience.status, 2);
  assert.match(noAudience.stderr, /^swaglint: --jwks-url needs at least one --audience/);
});

test('serve --role: all, api or worker, the last two on a PostgreSQL server; a token\'s roles only with --create-token', async () => {
  const help = serveHelpRun();
  for (const flag of ['--role <all|api|worker>', '--publish-wait']) assert.ok(help.stdout.includes(flag), flag);
  const embedded = await refusedInProcess(['--role', 'worker']);
  assert.equal(embedded.status, 2);
  assert.match(embedded.stderr, /^swaglint: --role worker needs --database/);
  const tokenRole = await refusedInProcess(['--database', 'postgres://u@127.0.0.1:1/db', '--role', 'publisher']);
  assert.equal(tokenRole.status, 2);
  assert.equal(tokenRole.stderr, "swaglint: --role is all, api or worker for serve (publisher given); a token's roles go with --create-token <name>.\n");
});

test('--publish names one API on the service, checked before the lint runs', () => {
  const sample = path.join(repositoryRoot, 'fixtures', 'samples', 'orders.yaml');
  const notUrl = swaglint(['lint', sample, '--publish', 'lint.example.com']);
  assert.equal(notUrl.status, 2);
  assert.equal(notUrl.stdout, '');
  assert.equal(notUrl.stderr, "swaglint: --publish lint.example.com is not a URL; give the API's address on the lint service, such as https://lint.example.com/apis/orders.\n");
  const notApi = swaglint(['lint', sample, '--publish', 'https://lint.example.com/tokens']);
  assert.equal(notApi.status, 2);
  assert.equal(notApi.stderr, 'swaglint: --publish https://lint.example.com/tokens should name one API: <service>/apis/<api_id>.\n');
});

test('a token from --create-token publishes with lint --publish; the exit code is the lint one', { timeout: 120_000 }, async () => {
  const data = await freshDataDir();
  const created = swaglint(['serve', '--data', data, '--create-token', 'orders-ci', '--role', 'publisher']);
  assert.equal(created.status, 0, created.stderr);
  const token = created.stdout.trim();
  assert.match(token, /^swl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  assert.ok(!created.stderr.includes(token));
  const twice = swaglint(['serve', '--data', data, '--create-token', 'orders-ci', '--role', 'publisher']);
  assert.equal(twice.status, 2);
  assert.equal(twice.stdout, '');
  assert.match(twice.stderr, /^swaglint: --create-token: a live service token is named 'orders-ci' already; revoke it first, or choose another name\.\n$/);

  const { server, url, log } = await sharedServe(data);
  const project = mkdtempSync(path.join(tmpdir(), 'swaglint-publish-'));
  mkdirSync(path.join(project, 'defs'));
  writeFileSync(path.join(project, 'api.yaml'), "swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1'\npaths:\n  /orders:\n    get:\n      responses:\n        '200':\n          description: OK\n          schema:\n            $ref: 'defs/order.yaml'\n");
  writeFileSync(path.join(project, 'defs', 'order.yaml'), 'type: object\n');
  const plain = swaglint(['lint', 'api.yaml'], {}, project);
  const published = swaglint(['lint', 'api.yaml', '--publish', `${url}/apis/orders`, '--bearer', 'env:SWAGLINT_TOKEN'], { SWAGLINT_TOKEN: token }, project);
  assert.equal(published.status, plain.status, published.stderr);
  assert.equal(published.stdout, plain.stdout);
  assert.match(published.stderr, new RegExp(`^swaglint: published revision 1 \\(\\d+ errors, \\d+ warnings by the service's ruleset\\): ${url}/ui/apis/orders/revisions/1\\n$`));

  // while serve holds the folder, --create-token goes through it (its admin socket); a second serve is refused
  const second = swaglint(['serve', '--data', data, '--create-token', 'another', '--role', 'reader']);
  assert.equal(second.status, 0, second.stderr);
  assert.match(second.stderr, /^swaglint: created the token 'another' through the running service/);
  assert.equal((await fetch(`${url}/apis?api-version=1.0`, { headers: { authorization: `Bearer ${second.stdout.trim()}` } })).status, 200);
  const twiceServed = swaglint(['serve', '--data', data, '--listen', '127.0.0.1:0']);
  assert.equal(twiceServed.status, 2);
  assert.equal(twiceServed.stderr, `swaglint: the data folder ${data} is in use by another swaglint serve (pid ${server.pid}); stop it, or give this one another --data.\n`);
  const files = await fetch(`${url}/apis/orders/revisions/1/findings?api-version=1.0`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(files.status, 200);
  const denied = swaglint(['lint', 'api.yaml', '--publish', `${url}/apis/orders`, '--bearer', 'env:SWAGLINT_TOKEN'], { SWAGLINT_TOKEN: token.slice(0, -2) + 'xx' }, project);
  assert.equal(denied.status, 2);
  assert.match(denied.stderr, /swaglint: --publish: the service answered 401: Not authenticated: unknown service token\.\n$/);
  assert.ok(!log().includes(token) && !denied.stderr.includes(token.slice(0, -2)));
});

test('--publish of a fetched document: the token goes to the service alone, and the bundle holds the document and its $refs', { timeout: 120_000 }, async () => {
  // the previous test's service when it ran (a token made through it), else one of its own
  const { data, url, log } = await sharedServe();
  const token = swaglint(['serve', '--data', data, '--create-token', 'remote-ci', '--role', 'publisher', '--role', 'reader']).stdout.trim();
  // the document's server, which records every Authorization header it is sent
  const seen: Array<string | undefined> = [];
  const documents: Record<string, string> = {
    '/specs/orders.yaml': "swagger: '2.0'\ninfo:\n  title: Remote orders\n  version: '1'\npaths:\n  /orders:\n    get:\n      responses:\n        '200':\n          description: OK\n          schema:\n            $ref: 'defs/order.yaml'\n",
    '/specs/defs/order.yaml': 'type: object\n',
  };
  const origin = createServer((request, response) => {
    seen.push(request.headers.authorization);
    const text = documents[request.url ?? ''];
    if (text === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'application/yaml' }).end(text);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const documentUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/specs/orders.yaml`;
  try {
    const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'lint', documentUrl, '--resolve-remote', '--publish', `${url}/apis/remote`, '--bearer', 'env:SWAGLINT_TOKEN'], { env: { ...env, SWAGLINT_TOKEN: token, SWAGLINT_DEBUG: '1' }, cwd: repositoryRoot });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (status) => resolve({ status, stderr }));
    });
    assert.match(run.stderr, /swaglint: published revision 1 /, run.stderr);
    assert.equal(seen.length, 2, 'the document and its $ref were fetched');
    assert.deepEqual(seen, [undefined, undefined], "the service's token never went to the document's server");
    const findings = await fetch(`${url}/apis/remote/revisions/1/findings?api-version=1.0`, { headers: { authorization: `Bearer ${token}` } });
    const items = ((await findings.json()) as { items: Array<{ file: string; rule_id: string }> }).items;
    assert.ok(items.length > 0);
    assert.ok(!items.some((f) => f.rule_id === 'ref-resolves'), 'the $ref resolved inside the bundle');
    assert.ok(items.every((f) => f.file === 'orders.yaml' || f.file === 'defs/order.yaml'), JSON.stringify(items));
  } finally {
    origin.close();
  }
  // a drain after both tests' publishes: serve exits 0
  assert.equal(await stopShared(), 0, log());
});

test('--publish answered 202 (the service lints it in turn): says where the revision will be, and the exit code is the lint one', { timeout: 120_000 }, async () => {
  const service = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(202, { 'content-type': 'application/json', location: '/apis/orders/revisions/3' }).end('{"api_id":"orders","id":3,"state":"queued","location":"/apis/orders/revisions/3"}'));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  try {
    const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'lint', 'fixtures/samples/orders.yaml', '--publish', `${url}/apis/orders`], { env, cwd: repositoryRoot });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (status) => resolve({ status, stderr }));
    });
    assert.match(run.stderr, new RegExp(`swaglint: published; the service is still linting it, as revision 3: ${url}/ui/apis/orders/revisions/3\\n$`), run.stderr);
    assert.notEqual(run.status, 2, run.stderr);
  } finally {
    service.close();
  }
});

test('--publish retries a 503 (a restart, a drain) with the same Idempotency-Key, and a lost connection too', { timeout: 120_000 }, async () => {
  // a stand-in for a load balancer in front of instances that come back: 503 twice, then a dropped
  // connection, then the revision
  const keys: Array<string | undefined> = [];
  let calls = 0;
  const service = createServer((request, response) => {
    keys.push(request.headers['idempotency-key'] as string | undefined);
    calls += 1;
    request.resume();
    request.on('end', () => {
      if (calls <= 2) response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"error":{"status":503,"code":"database-unavailable","message":"The database does not answer."}}');
      else if (calls === 3) response.socket?.destroy();
      else response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":7,"errors":0,"warnings":1}');
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  try {
    const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'lint', 'fixtures/samples/orders.yaml', '--publish', `${url}/apis/orders`], { env, cwd: repositoryRoot });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (status) => resolve({ status, stderr }));
    });
    assert.match(run.stderr, new RegExp(`swaglint: published revision 7 \\(0 errors, 1 warnings by the service's ruleset\\): ${url}/ui/apis/orders/revisions/7\\n$`), run.stderr);
    assert.equal(keys.length, 4);
    assert.ok(keys[0] !== undefined && keys.every((key) => key === keys[0]), `one key for every attempt: ${keys.join(', ')}`);
  } finally {
    service.close();
  }
});
