// The service's pages in a real browser (Debian's chromium through playwright-core, as the render
// test does): the APIs with their latest errors and warnings and trend, a revision's findings with
// code frames, a ruleset. A strict CSP: no script runs, nothing is fetched but the page itself, and
// hostile text from a published document stays text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startService, type TestService } from './helpers/service.js';

const chromiumPath = process.env['SWAGLINT_CHROMIUM'] ?? '/usr/bin/chromium';
const skip = existsSync(chromiumPath) || process.env['CI'] === 'true' ? false : `${chromiumPath} is not installed (apt-get install chromium); skipping the browser test`;
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// SWAGLINT_SCREENSHOTS=docs writes docs/service.md's pictures; otherwise they go to a temporary folder
const shots = process.env['SWAGLINT_SCREENSHOTS'] ? path.resolve(repositoryRoot, process.env['SWAGLINT_SCREENSHOTS']) : mkdtempSync(path.join(tmpdir(), 'swaglint-serve-shots-'));
const orders = readFileSync(path.join(repositoryRoot, 'fixtures', 'samples', 'orders.yaml'), 'utf8');

let service: TestService;
let reader: string;

before(async () => {
  if (skip) return;
  service = await startService(undefined);
  const publisher = (await service.token(['publisher'])).token;
  reader = (await service.token(['reader'])).token;
  const publish = async (api: string, text: string) => {
    const response = await service.call('POST', `/apis/${api}/revisions`, { token: publisher, body: { root: 'api.yaml', files: { 'api.yaml': text } } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
  };
  // a trend: worse, then better
  await publish('orders', orders);
  await publish('orders', orders.replace(/^security:\n  - basic: \[\]\n/m, '').replace("operationId: listOrders", 'operationId: listOrders\n      x-odd: true\n      produces: [text/plain, application/json]'));
  await publish('orders', orders.replace('/orders:', '/getOrders:'));
  await publish('orders', orders);
  await publish('hostile', `swagger: '2.0'\ninfo:\n  title: <img src=x onerror="pwned=1"><script>pwned=1</script>\n  version: '1'\npaths:\n  /x<script>pwned=2</script>:\n    get:\n      responses: {}\n`);
});
after(async () => service?.dispose());

test('pages: APIs with errors, warnings and trend; findings with code frames; a ruleset; strict CSP', { skip, timeout: 120_000 }, async () => {
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 700 }, extraHTTPHeaders: { authorization: `Bearer ${reader}` } });
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => errors.push(m.text()));

    const response = await page.goto(`${service.url}/`);
    assert.equal(response!.status(), 200);
    assert.match(response!.headers()['content-security-policy'] ?? '', /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; /);
    const rows = page.locator('tr.api');
    assert.equal(await rows.count(), 2);
    const ordersRow = rows.filter({ hasText: 'orders' });
    assert.equal(await ordersRow.locator('td').nth(1).innerText(), 'Orders API');
    assert.match(await ordersRow.locator('td').nth(2).innerText(), /^#4 /);
    assert.equal(await ordersRow.locator('svg polyline').count(), 2, 'errors and warnings trend lines');
    const hostileRow = rows.filter({ hasText: 'hostile' });
    assert.equal(await hostileRow.locator('td').nth(1).innerText(), '<img src=x onerror="pwned=1"><script>pwned=1</script>');
    // the style sheet applied: the CSP hash matches it
    assert.equal(await page.locator('header').evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(29, 35, 48)');
    await page.screenshot({ path: path.join(shots, 'serve-dashboard.png') });

    await page.goto(`${service.url}/ui/apis/orders/revisions/3`);
    const findings = page.locator('section.finding');
    assert.ok((await findings.count()) > 0);
    const verb = findings.filter({ hasText: 'path-no-verbs' }).first();
    assert.match(await verb.locator('div').innerText(), /^api\.yaml:19:\d+$/);
    const frame = await verb.locator('pre').innerText();
    assert.match(frame, /^17 \| /);
    assert.match(await verb.locator('pre .at').innerText(), /^19 \|   \/getOrders:$/);
    await page.screenshot({ path: path.join(shots, 'serve-revision.png'), fullPage: false });

    await page.goto(`${service.url}/ui/apis/hostile/revisions/1`);
    // checked on the hostile page itself: a later navigation would drop any global it had set
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => typeof (globalThis as { pwned?: unknown }).pwned), 'undefined');
    assert.match(await page.locator('body').innerText(), /\/x<script>pwned=2<\/script>/, 'the hostile path is shown as text');
    await page.goto(`${service.url}/ui/rulesets/default`);
    assert.match(await page.locator('h1').innerText(), /Ruleset default/);
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => typeof (globalThis as { pwned?: unknown }).pwned), 'undefined');
    assert.deepEqual(errors, []);
    const origin = new URL(service.url).origin;
    assert.deepEqual(requests.filter((r) => !r.startsWith(origin + '/')), [], 'nothing but the service pages is requested');
    assert.deepEqual(
      requests.map((r) => new URL(r).pathname),
      ['/', '/ui/apis/orders/revisions/3', '/ui/apis/hostile/revisions/1', '/ui/rulesets/default'],
    );

    const anonymous = await browser.newPage();
    await anonymous.goto(`${service.url}/`);
    assert.equal(new URL(anonymous.url()).pathname, '/signin', 'the pages need credentials: without an identity provider, the sign-in form asks for a service token');
    await anonymous.close();
  } finally {
    await browser.close();
  }
});
