// What a platform team expects of the service, over HTTP on 127.0.0.1: linting without storing (a
// bundle, or a URL on an allowed origin), the rules in force per API, /metrics, a non-API document
// refused, deletion by owners with an audit log, pagination (rate limits: rate-limit.test.ts), the diff between two
// revisions and statistics per rule per week.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleBundle, startIdentityProvider, startService, type IdentityProvider, type TestService } from './helpers/service.js';
import { isPrivateAddress } from '../src/fetch-document.js';

let idp: IdentityProvider;
let service: TestService;
let documents: Server;
let documentsOrigin: string;
let publisher: string;
let reader: string;
let admin: string;

const orders = sampleBundle().files['api.yaml']!;

before(async () => {
  idp = await startIdentityProvider();
  documents = createServer((request, response) => {
    if (request.url === '/specs/orders.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(orders);
    else if (request.url === '/moved') response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentsOrigin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'swaglint-features-')), 'authz');
  // the owners of payments are its team; everyone reads everything else
  writeFileSync(file, '[lint:/apis]\n* = r\n@api-guild = rw\ntoken:test-publisher = rw\n\n[/apis/payments]\n@payments = rw\n');
  // loopback is a private address: the test's document server needs the explicit option
  service = await startService(idp, { pathAuthorization: file, lintUrls: { origins: [documentsOrigin], allowPrivate: true } });
  publisher = (await service.token(['publisher'])).token;
  reader = (await service.token(['reader'])).token;
  admin = (await service.token(['ruleset-admin', 'token-admin', 'reader'])).token;
});
after(async () => {
  await service.dispose();
  await idp.close();
  documents.close();
});

const publish = async (api: string, text: string, token = publisher) => service.call('POST', `/apis/${api}/revisions`, { token, body: { root: 'api.yaml', files: { 'api.yaml': text } } });

test('POST /lint lints a bundle without storing it, with 1-based lines', async () => {
  const linted = await service.call('POST', '/lint', { token: reader, body: sampleBundle() });
  assert.equal(linted.status, 200, JSON.stringify(linted.body));
  assert.equal(linted.body.ruleset_id, 'default');
  assert.equal(linted.body.title, 'Orders');
  assert.ok(linted.body.findings.length > 0);
  assert.equal(linted.body.findings.length, linted.body.errors + linted.body.warnings + linted.body.infos + linted.body.hints);
  assert.ok(linted.body.findings.every((f: { start_line: number }) => f.start_line >= 1));
  assert.equal((await service.call('GET', '/apis', { token: reader })).body.items.length, 0, 'nothing stored');
  assert.equal((await service.call('POST', '/lint?ruleset_id=nope', { token: reader, body: sampleBundle() })).status, 404);
});

test('POST /lint by URL: only allowed origins, never a private address unless allowed, no redirects', async () => {
  const byUrl = await service.call('POST', `/lint?url=${encodeURIComponent(`${documentsOrigin}/specs/orders.yaml`)}`, { token: reader });
  assert.equal(byUrl.status, 200, JSON.stringify(byUrl.body));
  assert.equal(byUrl.body.title, 'Orders');
  assert.ok(byUrl.body.findings.every((f: { file: string }) => f.file === 'orders.yaml'));
  const elsewhere = await service.call('POST', `/lint?url=${encodeURIComponent('http://127.0.0.2:9/specs/orders.yaml')}`, { token: reader });
  assert.equal(elsewhere.status, 403);
  assert.equal(elsewhere.body.error.code, 'url-not-allowed');
  const redirected = await service.call('POST', `/lint?url=${encodeURIComponent(`${documentsOrigin}/moved`)}`, { token: reader });
  assert.equal(redirected.status, 422);
  assert.match(redirected.body.error.message, /redirect, which the service does not follow/);
  // the same origin allowed, but private addresses not: loopback is refused
  const strict = await startService(undefined, { lintUrls: { origins: [documentsOrigin], allowPrivate: false } });
  try {
    const token = (await strict.token(['reader'])).token;
    const refused = await strict.call('POST', `/lint?url=${encodeURIComponent(`${documentsOrigin}/specs/orders.yaml`)}`, { token });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.match(refused.body.error.message, /private, loopback or link-local/);
    const named = await strict.call('POST', `/lint?url=${encodeURIComponent(`http://localhost:${new URL(documentsOrigin).port}/specs/orders.yaml`)}`, { token });
    assert.equal(named.status, 403, 'localhost is not on the allow-list');
  } finally {
    await strict.dispose();
  }
  for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0']) assert.ok(isPrivateAddress(address), address);
  for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8']) assert.ok(!isPrivateAddress(address), address);
});

test('a document that is not an API description is refused with 422 and not stored', async () => {
  const refused = await publish('compose', 'services:\n  web:\n    image: nginx\n');
  assert.equal(refused.status, 422, JSON.stringify(refused.body));
  assert.equal(refused.body.error.code, 'not-an-api');
  assert.equal((await service.call('GET', '/apis/compose', { token: reader })).body.revision_count, 0);
});

test('the rules in force per API, in the REST API and on a page, each linked to its documentation', async () => {
  assert.equal((await publish('orders', orders)).status, 201);
  const rules = await service.call('GET', '/apis/orders/rules', { token: reader });
  assert.equal(rules.status, 200);
  assert.equal(rules.body.ruleset_id, 'default');
  const ids = rules.body.items.map((r: { id: string }) => r.id);
  assert.ok(ids.includes('path-no-verbs'));
  assert.ok(!ids.includes('api-version-consistent'), 'off in recommended');
  assert.ok(rules.body.items.every((r: { docs_url: string | null }) => r.docs_url === null || /^https:\/\/.+\/docs\/rules\/[a-z0-9-]+\.md$/.test(r.docs_url)));
  assert.equal((await service.call('PUT', '/rulesets/everything', { token: admin, body: { preset: 'all', rules: { 'path-no-verbs': 'off' } } })).status, 201);
  const guild = await idp.sign({ sub: 'gus', groups: ['api-guild'] });
  assert.equal((await service.call('PUT', '/apis/orders', { token: guild, body: { ruleset_id: 'everything' } })).status, 200);
  const all = (await service.call('GET', '/apis/orders/rules', { token: reader })).body.items.map((r: { id: string }) => r.id);
  assert.ok(all.includes('api-version-consistent') && !all.includes('path-no-verbs'));
  const page = await service.call('GET', '/ui/apis/orders/rules', { token: reader, version: null });
  assert.equal(page.status, 200);
  assert.match(page.body, /<td class="rule"><a href="https:\/\/[^"]+\/docs\/rules\/api-version-consistent\.md"/);
  assert.equal((await service.call('GET', '/apis/missing/rules', { token: reader })).status, 404);
});

test('/metrics answers in the Prometheus text format, without credentials or api-version', async () => {
  const metrics = await service.call('GET', '/metrics', { version: null });
  assert.equal(metrics.status, 200);
  assert.match(metrics.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  assert.match(metrics.body, /^# HELP swaglint_http_requests_total /m);
  assert.match(metrics.body, /^swaglint_http_requests_total\{method="POST",route="\/apis\/\{api_id\}\/revisions",status="201"\} \d+$/m);
  assert.match(metrics.body, /^swaglint_lints_total\{outcome="ok"\} \d+$/m);
  assert.match(metrics.body, /^swaglint_process_resident_memory_bytes \d+/m);
  assert.doesNotMatch(metrics.body, /orders|token:/, 'no ids or names in labels');
  assert.equal((await service.call('GET', '/health', { version: null })).status, 200);
  assert.equal((await service.call('GET', '/swagger.json', { version: null })).status, 200);
});

test('lists paginate with limit and a cursor', async () => {
  for (let i = 0; i < 4; i++) assert.equal((await publish('paged', orders)).status, 201);
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `/apis/paged/revisions?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await service.call('GET', query, { token: reader });
    assert.equal(page.status, 200);
    seen.push(...page.body.items.map((r: { id: number }) => r.id));
    cursor = page.body.next_cursor;
    pages++;
  } while (cursor);
  assert.deepEqual(seen, [1, 2, 3, 4]);
  assert.equal(pages, 2);
  const findings = await service.call('GET', '/apis/paged/revisions/1/findings?limit=1', { token: reader });
  assert.equal(findings.body.items.length, 1);
  const next = await service.call('GET', `/apis/paged/revisions/1/findings?limit=1&cursor=${findings.body.next_cursor}`, { token: reader });
  assert.equal(next.body.items[0].seq, findings.body.items[0].seq + 1);
  assert.equal((await service.call('GET', '/apis?limit=0', { token: reader })).status, 400);
  assert.equal((await service.call('GET', '/apis?limit=5000', { token: reader })).status, 400);
  assert.equal((await service.call('GET', '/apis?cursor=not-a-cursor', { token: reader })).body.error.code, 'invalid-cursor');
  // a cursor from another list: an API's id where a revision's number belongs
  const apisPage = await service.call('GET', '/apis?limit=1', { token: reader });
  assert.equal((await service.call('GET', `/apis/paged/revisions?cursor=${apisPage.body.next_cursor}`, { token: reader })).body.error.code, 'invalid-cursor');
  // cursors no page gives, that the database refused (a 500 before): a NUL in a text key, a number past an integer column
  const cursorOf = (key: string) => Buffer.from(`k:${key}`).toString('base64url');
  for (const path of [`/apis?cursor=${cursorOf('a\0b')}`, `/tokens?cursor=${cursorOf('\0')}`, `/apis/paged/revisions?cursor=${cursorOf(String(2 ** 31))}`, `/apis/paged/revisions/1/findings?cursor=${cursorOf('99999999999')}`, `/audit?cursor=${cursorOf('\0')}`]) {
    const answer = await service.call('GET', path, { token: admin });
    assert.equal(answer.status, 400, `${path}: ${JSON.stringify(answer.body)}`);
    assert.equal(answer.body.error.code, 'invalid-cursor', path);
  }
  assert.equal((await service.call('GET', `/apis/paged/revisions?cursor=${cursorOf(String(2 ** 31 - 1))}`, { token: reader })).status, 200, 'the largest revision number is a cursor');
});

test('what changed between two revisions: new, fixed and unchanged findings, in the API and on a page', async () => {
  assert.equal((await publish('diffed', orders)).status, 201);
  // a verb in a new path (new), the $ref'd schema gone (a schema finding fixed or not), the rest unchanged
  const changed = `${orders.replace("            $ref: 'definitions/order.yaml'\n", '            type: object\n')}  /getThings:\n    get:\n      responses:\n        '200':\n          description: OK\n`;
  assert.equal((await publish('diffed', changed)).status, 201);
  const diff = await service.call('GET', '/apis/diffed/revisions/2/diff?from=1&limit=1000', { token: reader });
  assert.equal(diff.status, 200, JSON.stringify(diff.body));
  assert.equal(diff.body.from, 1);
  assert.equal(diff.body.to, 2);
  assert.equal(diff.body.next_cursor, null);
  type Item = { change: string; rule_id: string; start_line: number };
  const of = (body: { items: Item[] }, change: string) => body.items.filter((f) => f.change === change);
  assert.ok(of(diff.body, 'new').some((f) => f.rule_id === 'path-no-verbs' && f.start_line === 13), JSON.stringify(diff.body.items));
  assert.ok(of(diff.body, 'unchanged').length > 0);
  assert.deepEqual(diff.body.counts, { new: of(diff.body, 'new').length, fixed: of(diff.body, 'fixed').length, unchanged: of(diff.body, 'unchanged').length });
  const first = await service.call('GET', '/apis/diffed/revisions/1/findings?limit=1000', { token: reader });
  assert.equal(diff.body.counts.fixed + diff.body.counts.unchanged, first.body.items.length);
  const back = await service.call('GET', '/apis/diffed/revisions/1/diff?from=2&change=fixed', { token: reader });
  assert.deepEqual(back.body.items.map((f: Item) => f.rule_id).sort(), of(diff.body, 'new').map((f) => f.rule_id).sort());
  assert.ok(back.body.items.every((f: Item) => f.change === 'fixed'));
  assert.equal((await service.call('GET', '/apis/diffed/revisions/2/diff?change=moved', { token: reader })).body.error.code, 'invalid-change');
  const page = await service.call('GET', '/ui/apis/diffed/revisions/2/diff', { token: reader, version: null });
  assert.equal(page.status, 200);
  assert.match(page.body, new RegExp(`${diff.body.counts.new} new</span>, <span class="ok">${diff.body.counts.fixed} fixed</span>, ${diff.body.counts.unchanged} unchanged`));
  assert.match(page.body, /path-no-verbs/);
  assert.equal((await service.call('GET', '/apis/diffed/revisions/2/diff?from=9', { token: reader })).status, 404);
});

test('findings per rule per week across the APIs the viewer may read', async () => {
  const stats = await service.call('GET', '/statistics?weeks=4', { token: reader });
  assert.equal(stats.status, 200);
  assert.equal(stats.body.weeks, 4);
  assert.equal(stats.body.items.length, 1, 'every revision was published this week');
  const week = stats.body.items[0];
  assert.match(week.week_start, /^\d{4}-\d{2}-\d{2}$/);
  assert.equal(new Date(`${week.week_start}T00:00:00Z`).getUTCDay(), 1, 'weeks start on Monday');
  const apis = (await service.call('GET', '/apis', { token: reader })).body.items as Array<{ id: string; revision_count: number }>;
  assert.equal(week.revisions, apis.reduce((n, a) => n + a.revision_count, 0));
  let expected = 0;
  for (const a of apis) for (let r = 1; r <= a.revision_count; r++) expected += (await service.call('GET', `/apis/${a.id}/revisions/${r}/findings?limit=1000`, { token: reader })).body.items.filter((f: { rule_id: string }) => f.rule_id === 'path-no-verbs').length;
  assert.equal(week.findings['path-no-verbs'], expected);
  assert.equal((await service.call('GET', '/statistics?weeks=0', { token: reader })).status, 400);
  const page = await service.call('GET', '/ui/statistics?weeks=4', { token: reader, version: null });
  assert.equal(page.status, 200);
  assert.match(page.body, /<th class="num rule">path-no-verbs<\/th>/);
  assert.match(page.body, new RegExp(`<tr><td>${week.week_start}</td><td class="num">${week.revisions}</td>`));
});

test('owners delete an API or a revision; the audit log records who did what and when, for administrators', async () => {
  assert.equal((await publish('payments', orders, await idp.sign({ sub: 'pam', groups: ['payments', 'developers'] }))).status, 201);
  assert.equal((await publish('payments', orders, await idp.sign({ sub: 'pam', groups: ['payments', 'developers'] }))).status, 201);
  const outsider = await idp.sign({ sub: 'olaf', groups: ['developers'] });
  assert.equal((await service.call('DELETE', '/apis/payments/revisions/2', { token: outsider })).status, 403, 'not an owner');
  assert.equal((await service.call('DELETE', '/apis/payments/revisions/2', { token: reader })).status, 403, 'a reader');
  const pam = await idp.sign({ sub: 'pam', groups: ['payments', 'developers'] });
  assert.equal((await service.call('DELETE', '/apis/payments/revisions/2', { token: pam })).status, 204);
  assert.equal((await service.call('GET', '/apis/payments/revisions/2', { token: reader })).status, 404);
  assert.equal((await service.call('GET', '/apis/payments', { token: reader })).body.latest.id, 1, 'the revision before is the latest again');
  assert.equal((await service.call('DELETE', '/apis/payments/revisions/2', { token: pam })).status, 404);
  assert.equal((await service.call('DELETE', '/apis/payments', { token: pam })).status, 204);
  assert.equal((await service.call('GET', '/apis/payments', { token: reader })).status, 404);
  assert.equal((await service.call('GET', '/audit', { token: reader })).status, 403, 'administrators only');
  const log = await service.call('GET', '/audit', { token: admin });
  assert.equal(log.status, 200);
  const entries = log.body.items as Array<{ actor: string; action: string; target: string; at: string }>;
  const deletions = entries.filter((a) => a.action.startsWith('delete-'));
  assert.deepEqual(deletions.map((a) => [a.actor, a.action, a.target]), [
    ['pam', 'delete-revision', '/apis/payments/revisions/2'],
    ['pam', 'delete-api', '/apis/payments'],
  ]);
  assert.ok(deletions.every((a) => Math.abs(Date.parse(a.at) - Date.now()) < 600_000));
  assert.ok(entries.some((a) => a.action === 'put-ruleset' && a.target === '/rulesets/everything'));
  assert.ok(entries.some((a) => a.action === 'put-api' && a.actor === 'gus'));
});
