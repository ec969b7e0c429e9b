// The quick start of docs/service.md followed as written (issue 40: it ended at a locked door): `swaglint
// serve` started on an empty folder, an admin token made with --create-token while it runs (through
// the running service: PGlite's folder is that process's), and chromium opening the dashboard, which
// sends it to the sign-in form, takes the token once and shows the APIs. Also the form's defences:
// its CSRF value, another site's Origin, a wrong token, a revoked one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { scratchDir } from './helpers/scratch.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = path.join(repositoryRoot, 'bin', 'swaglint.js');
const chromiumPath = process.env['SWAGLINT_CHROMIUM'] ?? '/usr/bin/chromium';
const skipBrowser = existsSync(chromiumPath) || process.env['CI'] === 'true' ? false : `${chromiumPath} is not installed (apt-get install chromium); skipping the quick start in a browser`;

let folder: string;
let serve: ChildProcess;
let url: string;
let admin: string;

/** `swaglint <args>` in the quick start's folder, as a person types it. */
function swaglint(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: folder, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
}

/** The same, without blocking this process (the service's output is read meanwhile). */
function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: folder, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

before(async () => {
  // serve's PGlite initdb writes its data folder there: in memory when there is room (helpers/scratch.ts)
  folder = scratchDir('swaglint-quick');
  // the quick start's `serve`, on a free port instead of 8080
  serve = spawn(process.execPath, [cli, 'serve', '--listen', '127.0.0.1:0'], { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const listening = new Promise<string>((resolve, reject) => {
    serve.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const m = /listening on (http:\/\/\S+),/.exec(log);
      if (m) resolve(m[1]!);
    });
    serve.once('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)));
  });
  // the next line of the quick start at once, as a pasted pair runs: the service may still be starting
  const made = await run(['serve', '--create-token', 'admin', '--role', 'token-admin', '--role', 'ruleset-admin', '--role', 'publisher', '--role', 'reader']);
  url = await listening;
  assert.equal(made.status, 0, made.stderr);
  // pasted together, either may take the folder first: the token through the running service, or made
  // directly while the service waits for the folder (db/database.ts); both end with a token and a service
  assert.match(made.stderr, /created the token 'admin'/);
  admin = made.stdout.trim();
  assert.match(admin, /^swl_/);
  const published = await fetch(`${url}/apis/orders/revisions?api-version=1.0`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ root: 'api.yaml', files: { 'api.yaml': "swagger: '2.0'\ninfo:\n  title: Orders\n  version: '1'\npaths: {}\n" } }),
  });
  assert.equal(published.status, 201);
});
after(() => {
  serve?.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
});

test('an admin token made while serve runs is an administrator\'s, and a taken name is refused', async () => {
  // the socket that made it is in a folder only the data folder's owner may enter
  assert.equal(statSync(path.join(folder, 'swaglint-data', 'admin')).mode & 0o777, 0o700);
  assert.ok(statSync(path.join(folder, 'swaglint-data', 'admin', 'serve.sock')).isSocket());
  const tokens = await fetch(`${url}/tokens?api-version=1.0`, { headers: { authorization: `Bearer ${admin}` } });
  assert.equal(tokens.status, 200, 'token-admin may list tokens');
  const again = swaglint(['serve', '--create-token', 'admin', '--role', 'reader']);
  assert.equal(again.status, 2);
  assert.match(again.stderr, /a live service token is named 'admin' already/);
});

/** The sign-in form's CSRF cookie and value, as a browser gets them. */
async function openForm(): Promise<{ cookie: string; csrf: string }> {
  const form = await fetch(`${url}/signin?return=/`);
  assert.equal(form.status, 200);
  const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0]!;
  assert.match(form.headers.get('set-cookie') ?? '', /^__Host-swaglint-csrf=[A-Za-z0-9_-]{43}; Path=\/; Secure; HttpOnly; SameSite=Strict/);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  return { cookie, csrf };
}

const post = (fields: Record<string, string>, headers: Record<string, string>) =>
  fetch(`${url}/signin`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });

test('the sign-in form refuses a post without its CSRF value, from another site, or with a wrong token', async () => {
  const { cookie, csrf } = await openForm();
  assert.equal((await post({ token: admin, csrf: 'forged'.padEnd(43, 'x') }, { cookie })).status, 403, 'a value other than the cookie\'s');
  assert.equal((await post({ token: admin, csrf }, {})).status, 403, 'no cookie: another site\'s form');
  assert.equal((await post({ token: admin, csrf }, { cookie, origin: 'https://evil.example' })).status, 403, 'another origin');
  const wrong = await post({ token: 'swl_0123456789abcdef_' + 'x'.repeat(43), csrf }, { cookie });
  assert.equal(wrong.status, 401);
  assert.match(await wrong.text(), /That token cannot sign in: unknown service token/);

  // a session acts as its token: revoking the token ends it
  const reader = await fetch(`${url}/tokens?api-version=1.0`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'viewer', roles: ['reader'] }) });
  const made = (await reader.json()) as { id: string; token: string };
  const signedIn = await post({ token: made.token, csrf, return: '/' }, { cookie, origin: new URL(url).origin });
  assert.equal(signedIn.status, 303);
  const session = (signedIn.headers.getSetCookie().find((c) => c.startsWith('__Host-swaglint-session=')) ?? '').split(';')[0]!;
  assert.equal((await fetch(`${url}/`, { headers: { cookie: session } })).status, 200);
  assert.equal((await fetch(`${url}/apis?api-version=1.0`, { headers: { cookie: session } })).status, 401, 'the session signs in the pages, not the REST API');
  assert.equal((await fetch(`${url}/tokens/${made.id}?api-version=1.0`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } })).status, 204);
  const after = await fetch(`${url}/`, { headers: { cookie: session }, redirect: 'manual' });
  assert.equal(after.status, 303, 'the revoked token\'s session no longer signs in');
});

test('the quick start in chromium: the dashboard asks for the token once, then shows the APIs', { skip: skipBrowser, timeout: 120_000 }, async () => {
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/`);
    assert.equal(new URL(page.url()).pathname, '/signin');
    assert.match(await page.locator('h1').innerText(), /Sign in/);
    await page.fill('input[name=token]', admin);
    await page.click('button[type=submit]');
    await page.waitForURL(`${url}/`);
    assert.match(await page.locator('main p').first().innerText(), /Signed in as token:admin\./);
    assert.match(await page.locator('tr.api').first().innerText(), /orders/);
    const session = (await context.cookies(url)).find((c) => c.name === '__Host-swaglint-session');
    assert.ok(session);
    assert.deepEqual([session.secure, session.httpOnly, session.sameSite], [true, true, 'Lax']);
    // once: the next page needs no token
    await page.goto(`${url}/ui/apis/orders/revisions/1`);
    assert.match(await page.locator('h1').innerText(), /orders/);
    await page.goto(`${url}/`);
    await page.click('form.signout button');
    assert.match(await page.locator('h1').innerText(), /Signed out/);
    await page.goto(`${url}/`);
    assert.equal(new URL(page.url()).pathname, '/signin', 'signed out: the form again');
  } finally {
    await browser.close();
  }
});
