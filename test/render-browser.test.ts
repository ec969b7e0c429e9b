// The rendered page in a real browser (Debian's chromium): the largest corpus document and a hostile
// one. Markdown becomes elements, no script runs, nothing is fetched but the page itself, and a
// screenshot of each is saved in the test's temp directory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, skipWithoutChromium } from './helpers/chromium.js';
import { corpusEntries } from './helpers/corpus.js';
import { projectDir } from './helpers/paths.js';
import { corpusDir, needsShared } from './helpers/shared-dir.js';
import { runCli } from './helpers/cli.js';
import { parseSource } from '../src/load/source.js';
import { methods } from '../src/formats/swagger2/kinds.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const skip = skipWithoutChromium();
const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-render-'));

/** The manifest's largest document by bytes (a fragment is never rendered alone). */
function largestCorpusDocument(): string {
  const sizes = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const documents = new Set(corpusEntries().filter((e) => !e.fragment).map((e) => e.file));
  const [file] = sizes.filter((c) => documents.has(c[0]!)).sort((a, b) => Number(b[4]) - Number(a[4]))[0]!;
  return path.join(corpusDir, file!);
}

/** Renders through the CLI to a file, opens it, and records every request and console error. */
async function open(browser: Browser, document: string, name: string): Promise<{ page: Page; url: string; requests: string[]; errors: string[] }> {
  const out = path.join(dir, `${name}.html`);
  const run = runCli(['render', document, '-o', out], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, '');
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  const url = pathToFileURL(out).href;
  await page.goto(url, { waitUntil: 'load' });
  return { page, url, requests, errors };
}

test('render: pages open in chromium with elements, no script and no fetch', { skip, timeout: hangGuardMs }, async (t) => {
  const browser = await launchChromium();
  try {
    await t.test('a hostile document', async () => {
      const { page, url, requests, errors } = await open(browser, path.join(projectDir, 'fixtures', 'render', 'hostile.yaml'), 'hostile');
      // let anything that might run (an onerror, an onload, a meta refresh) have its turn
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => typeof (globalThis as { pwned?: unknown }).pwned), 'undefined');
      assert.deepEqual(requests, [url], 'only the page itself is requested');
      assert.deepEqual(errors, []);
      const info = page.locator('#info .md');
      assert.equal(await info.locator('h1').innerText(), 'Orders API');
      assert.equal(await info.locator('h2').innerText(), 'Lists');
      assert.equal(await info.locator('h3').innerText(), 'Code');
      assert.equal(await info.locator('ul > li').count(), 2);
      assert.equal(await info.locator('ol > li').count(), 2);
      assert.equal(await info.locator('pre > code').innerText(), 'curl https://example.com/orders\n');
      assert.equal(await info.locator('p', { hasText: /^Inline/ }).locator('code').innerText(), 'code');
      assert.equal(await info.locator('strong').first().innerText(), 'orders');
      assert.equal(await page.locator('#op-1 .md h4').innerText(), 'Paging');
      // what tried to be markup is text on the page
      for (const tag of ['script', 'img', 'iframe', 'svg', 'object']) assert.equal(await page.locator(tag).count(), 0, `a <${tag}> element`);
      assert.equal(await page.locator('a[href^="javascript:"], a[href^="data:"]').count(), 0);
      assert.match(await info.innerText(), /<script>window\.pwned=1<\/script>/);
      assert.match(await page.locator('h1').first().innerText(), /^Orders <script>/);
      assert.equal(await page.locator('nav li').count(), 2);
      await page.screenshot({ path: path.join(dir, 'hostile.png'), fullPage: true });
      await page.close();
    });

    await t.test('an OpenAPI 3.1 document: servers, request bodies and media types, components, webhooks, CommonMark', async () => {
      const { page, url, requests, errors } = await open(browser, path.join(projectDir, 'fixtures', 'render', 'openapi31.yaml'), 'openapi31');
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => typeof (globalThis as { pwned?: unknown }).pwned), 'undefined');
      assert.deepEqual(requests, [url], 'only the page itself is requested');
      assert.deepEqual(errors, []);
      const info = page.locator('#info');
      assert.equal(await info.locator('.md h1').innerText(), 'Orders API');
      // CommonMark has no tables: the GFM table of the description stays a paragraph of pipes
      assert.equal(await info.locator('.md table').count(), 0);
      assert.match(await info.locator('.md p', { hasText: '| state |' }).innerText(), /^\| state \| meaning \|/);
      assert.match(await info.locator('dl.facts').innerText(), /Orders and their lines[\s\S]*Apache-2\.0/);
      const server = page.locator('#servers tbody tr');
      assert.equal(await server.locator('td').first().innerText(), 'https://{region}.example.com/v2');
      assert.equal(await server.locator('em').innerText(), 'regional');
      assert.match(await server.locator('.variables li').innerText(), /\{region\} default eu, one of eu, us/);
      // operations under paths and webhooks, in the navigation and on the page
      assert.deepEqual(await page.locator('nav li').allInnerTexts(), ['GET /orders', 'POST /orders', 'POST orderPaid']);
      const create = page.locator('#op-2');
      assert.match(await create.locator('h4', { hasText: 'Request body' }).innerText(), /REQUIRED/i);
      assert.deepEqual(await create.locator('ul.content').first().locator('.media-type').allInnerTexts(), ['application/json', 'application/x-www-form-urlencoded']);
      assert.equal(await create.locator('ul.content a[href^="#def-"]').first().innerText(), 'Order');
      assert.match(await page.locator('#op-1 table').first().innerText(), /limit\s+query\s+integer or null \(int32\)/);
      assert.match(await page.locator('#op-1 table').nth(1).innerText(), /200\s+application\/json array of Order\s+The orders\./);
      assert.match(await page.locator('#webhooks').innerText(), /Webhooks[\s\S]*POST\s+orderPaid[\s\S]*An order was paid/);
      // components: schemas (a strikethrough is text in CommonMark), security schemes of OpenAPI 3's kinds, the others by name
      assert.match(await page.locator('#definitions .schema').innerText(), /Order object[\s\S]*note\s+string or null\s+no\s+A note, ~~or not~~\./);
      assert.equal(await page.locator('#definitions s, #definitions del').count(), 0);
      assert.match(await page.locator('#security').innerText(), /bearer\s+http\s+bearer \(JWT\)\s+A token\.[\s\S]*oauth\s+oauth2\s+clientCredentials/);
      assert.match(await page.locator('#components').innerText(), /Created\s+responses\s+Created\.[\s\S]*Refunds\s+pathItems\s+Refunds of an order\./);
      assert.equal(await page.locator('script').count(), 0);
      await page.screenshot({ path: path.join(dir, 'openapi31.png'), fullPage: true });
      await page.close();
    });

    await t.test('the largest corpus document', { skip: needsShared() }, async () => {
      const document = largestCorpusDocument();
      const parsed = parseSource(readFileSync(document, 'utf8'), document);
      assert.ok(parsed.ok);
      const paths = (parsed.source.value as { paths: Record<string, Record<string, unknown>> }).paths;
      const operations = Object.values(paths).reduce((n, item) => n + methods.filter((m) => item[m] !== undefined).length, 0);
      const { page, url, requests, errors } = await open(browser, document, 'largest');
      assert.equal(await page.evaluate(() => typeof (globalThis as { pwned?: unknown }).pwned), 'undefined');
      assert.deepEqual(requests, [url]);
      assert.deepEqual(errors, []);
      assert.equal(await page.locator('article.operation').count(), operations);
      assert.equal(await page.locator('nav li').count(), operations);
      assert.ok((await page.locator('main .md p').count()) > 0, 'descriptions rendered as paragraphs');
      assert.equal(await page.locator('script').count(), 0);
      await page.screenshot({ path: path.join(dir, 'largest.png') });
      await page.close();
    });
  } finally {
    await browser.close();
  }
  writeFileSync(path.join(dir, 'README.txt'), 'Screenshots from test/render-browser.test.ts\n');
  t.diagnostic(`screenshots in ${dir}`);
});
