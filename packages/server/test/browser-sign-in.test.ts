// Browser sign-in in Debian's chromium against a real OpenID provider (the oidc-provider package) on
// 127.0.0.1: the authorization code flow with PKCE, a session in a Secure, HttpOnly, SameSite=Lax
// __Host- cookie, sign-out, and errors as HTML pages. The session signs in the pages only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import Provider from 'oidc-provider';
import { sampleBundle, startService, type TestService } from './helpers/service.js';

const chromiumPath = process.env['SWAGLINT_CHROMIUM'] ?? '/usr/bin/chromium';
const skip = existsSync(chromiumPath) || process.env['CI'] === 'true' ? false : `${chromiumPath} is not installed (apt-get install chromium); skipping the browser sign-in test`;

let idp: Server;
let issuer: string;
let service: TestService;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

before(async () => {
  if (skip) return;
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  service = await startService(undefined, { port, signIn: { issuer, clientId: 'swaglint', clientSecret: 'a-test-secret-of-some-length', publicUrl, sessionSeconds: 3600 } });
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'swaglint', client_secret: 'a-test-secret-of-some-length', redirect_uris: [`${publicUrl}/signin/callback`], grant_types: ['authorization_code'], response_types: ['code'] }],
    // the development sign-in form takes any user name: carol is a developer (publisher, so a reader)
    findAccount: async (_context, id) => ({ accountId: id, claims: async () => ({ sub: id, preferred_username: id, groups: ['developers'] }) }),
    claims: { openid: ['sub'], profile: ['preferred_username', 'groups'] },
    cookies: { keys: ['a-cookie-key-for-the-test-provider'] },
  });
  idp.on('request', provider.callback());
  const publisher = (await service.token(['publisher'])).token;
  assert.equal((await service.call('POST', '/apis/orders/revisions', { token: publisher, body: sampleBundle() })).status, 201);
});
after(async () => {
  if (skip) return;
  await service.dispose();
  idp.closeAllConnections();
  await new Promise((resolve) => idp.close(resolve));
});

test('a browser signs in with the identity provider, uses the pages, gets HTML errors and signs out', { skip, timeout: 120_000 }, async () => {
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${service.url}/ui/apis/orders/revisions/1`);
    // sent to the identity provider's sign-in form, with PKCE in the request
    assert.ok(page.url().startsWith(`${issuer}/`), page.url());
    await page.fill('input[name=login]', 'carol');
    await page.fill('input[name=password]', 'anything');
    await page.click('button[type=submit]');
    await page.waitForURL((url) => url.href.startsWith(issuer) && url.pathname.startsWith('/interaction/') || url.href.startsWith(service.url));
    if (page.url().startsWith(issuer)) await page.click('button[type=submit]'); // consent
    await page.waitForURL(`${service.url}/ui/apis/orders/revisions/1`);
    assert.match(await page.locator('h1').innerText(), /orders/);
    const cookies = await context.cookies(service.url);
    const session = cookies.find((c) => c.name === '__Host-swaglint-session');
    assert.ok(session, JSON.stringify(cookies));
    assert.deepEqual([session.secure, session.httpOnly, session.sameSite, session.path], [true, true, 'Lax', '/']);

    await page.goto(`${service.url}/`);
    assert.match(await page.locator('main p').first().innerText(), /Signed in as carol\./);
    // an error is a page for a browser, with the status
    const missing = await page.goto(`${service.url}/ui/apis/nothing-here`);
    assert.equal(missing!.status(), 404);
    assert.match(missing!.headers()['content-type'] ?? '', /^text\/html/);
    assert.match(await page.locator('main').innerText(), /The API 'nothing-here' does not exist\./);

    // the session signs in the pages, not the REST API
    const api = await fetch(`${service.url}/apis?api-version=1.0`, { headers: { cookie: `__Host-swaglint-session=${session.value}` } });
    assert.equal(api.status, 401);

    await page.goto(`${service.url}/`);
    await page.click('form.signout button');
    assert.match(await page.locator('h1').innerText(), /Signed out/);
    assert.equal((await context.cookies(service.url)).some((c) => c.name === '__Host-swaglint-session'), false);
    const reused = await fetch(`${service.url}/`, { headers: { cookie: `__Host-swaglint-session=${session.value}` }, redirect: 'manual' });
    assert.equal(reused.status, 303, 'the ended session no longer signs in');
    assert.match(reused.headers.get('location') ?? '', /^\/signin\?return=%2F$/);
    // signed out here, the page goes through the identity provider again (which may still know carol)
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${service.url}/`);
    assert.ok(requested.some((url) => url.startsWith(`${issuer}/auth?`) && /code_challenge_method=S256/.test(url)), requested.join('\n'));
  } finally {
    await browser.close();
  }
});

test('a sign-in callback with an unknown state, or another browser\'s, is refused, as a page', { skip }, async () => {
  const response = await fetch(`${service.url}/signin/callback?code=x&state=forged`, { headers: { cookie: '__Host-swaglint-signin=forged' } });
  assert.equal(response.status, 400);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(await response.text(), /This sign-in is unknown or has expired/);
  const away = await fetch(`${service.url}/signin?return=//evil.example/`, { redirect: 'manual' });
  assert.equal(away.status, 303);
  const authorize = new URL(away.headers.get('location') ?? '');
  assert.ok(authorize.href.startsWith(`${issuer}/`));
  // a sign-in's answer brought to another browser (login CSRF): a real state, but not this browser's
  const state = authorize.searchParams.get('state')!;
  const elsewhere = await fetch(`${service.url}/signin/callback?code=x&state=${state}`);
  assert.equal(elsewhere.status, 400);
  assert.match(await elsewhere.text(), /This sign-in was not started in this browser/);
});
