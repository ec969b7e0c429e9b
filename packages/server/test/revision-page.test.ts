// The revision page and the REST findings over HTTP: a revision of many findings is shown a page at a
// time (the page's cost does not grow with the revision), code frames slice their lines from a line
// table, a minified document's frame shows the finding's column, and the REST API counts lines from
// 1 as the page does. Ids the database cannot hold name nothing (404), and findings speak of the
// bundle, not of the service's scratch folder or a command-line flag.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type TestService } from './helpers/service.js';
import { LineTable } from '../src/web/code-frame.js';
import { ImmutableCache } from '../src/web/immutable-cache.js';

let service: TestService;
let publisher: string;
let reader: string;

/** A Swagger document with `n` paths named by verbs: one path-no-verbs finding each, at least. */
function manyFindings(n: number): string {
  const paths = Array.from({ length: n }, (_, i) => `  /getThing${i}:\n    get:\n      responses:\n        '200':\n          description: OK\n`).join('');
  return `swagger: '2.0'\ninfo:\n  title: Many\n  version: '1'\npaths:\n${paths}`;
}

before(async () => {
  service = await startService(undefined);
  publisher = (await service.token(['publisher'])).token;
  reader = (await service.token(['reader'])).token;
});
after(async () => service.dispose());

const publish = async (api: string, files: Record<string, string>, root = Object.keys(files)[0]!) => {
  const response = await service.call('POST', `/apis/${api}/revisions`, { token: publisher, body: { root, files } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body as { id: number; errors: number; warnings: number; infos: number; hints: number };
};
const sections = (html: string) => html.match(/<section class="finding">/g)?.length ?? 0;

test('a revision page shows 100 findings at a time, with links to the others', async () => {
  const revision = await publish('many', { 'api.yaml': manyFindings(260) });
  const total = revision.errors + revision.warnings + revision.infos + revision.hints;
  assert.ok(total > 200, `${total} findings`);
  const first = await service.call('GET', '/ui/apis/many/revisions/1', { token: reader, version: null });
  assert.equal(first.status, 200);
  assert.equal(sections(first.body), 100);
  assert.match(first.body, new RegExp(`page 1 of ${Math.ceil(total / 100)}, findings 1–100 of ${total}`));
  assert.match(first.body, /<a href="\/ui\/apis\/many\/revisions\/1\?page=2" rel="next">/);
  const lastPage = Math.ceil(total / 100);
  const last = await service.call('GET', `/ui/apis/many/revisions/1?page=${lastPage}`, { token: reader, version: null });
  assert.equal(sections(last.body), total - (lastPage - 1) * 100);
  assert.match(last.body, new RegExp(`rel="prev">`));
  assert.equal((await service.call('GET', '/ui/apis/many/revisions/1?page=0', { token: reader, version: null })).status, 400);
  // the frame of the first finding on the second page: 1-based numbers, its line marked
  const second = await service.call('GET', '/ui/apis/many/revisions/1?page=2', { token: reader, version: null });
  const rest = await service.call('GET', '/apis/many/revisions/1/findings?limit=1000', { token: reader });
  const f = rest.body.items[100] as { file: string; start_line: number; start_character: number };
  assert.ok(second.body.includes(`<div>${f.file}:${f.start_line}:${f.start_character}</div>`), 'the REST finding and the page count lines and columns alike');
  const marked = new RegExp(`<span class="at">${f.start_line} \\| `);
  assert.match(second.body.slice(second.body.indexOf('<section class="finding">')), marked);
});

test('a code frame on a minified document shows the part of the line where the finding is', async () => {
  const padding = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`x-pad-${i}`, 'p'.repeat(20)]));
  const minified = JSON.stringify({ swagger: '2.0', info: { title: 'Min', version: '1', ...padding }, paths: { '/showOrders': { get: { responses: { '200': { description: 'OK' } } } } } });
  assert.ok(minified.length > 10_000 && !minified.includes('\n'));
  await publish('minified', { 'api.json': minified });
  const findings = await service.call('GET', '/apis/minified/revisions/1/findings', { token: reader });
  const verb = (findings.body.items as Array<{ rule_id: string; start_line: number; start_character: number }>).find((x) => x.rule_id === 'path-no-verbs')!;
  assert.equal(verb.start_line, 1);
  assert.ok(verb.start_character > 10_000);
  const page = await service.call('GET', '/ui/apis/minified/revisions/1', { token: reader, version: null });
  const section = page.body.split('<section class="finding">').find((html: string) => html.includes('path-no-verbs'))!;
  const frame = /<span class="at">(1 \| [^<]*)<\/span>/.exec(section)![1]!;
  assert.ok(frame.includes('/showOrders'), frame);
  assert.ok(frame.length < 400, `a window of the line, not all ${minified.length} characters`);
});

test('a line table slices lines without their line breaks, CRLF or LF', () => {
  const table = new LineTable('one\r\ntwo\nthree');
  assert.equal(table.lineCount, 3);
  assert.deepEqual([0, 1, 2].map((i) => table.slice(i, 0, 100)), ['one', 'two', 'three']);
  assert.equal(table.slice(2, 1, 3), 'hr');
  assert.equal(table.slice(0, 10, 20), '');
});

test('an id with NUL or another control character is a 404, never a 500', async () => {
  for (const route of ['/rulesets/%00', '/tokens/%00', '/apis/%00', '/apis/orders/revisions/%00', '/ui/rulesets/a%00b', '/rulesets/%0a']) {
    const response = await service.call('GET', route, { token: reader, version: route.startsWith('/ui') ? null : '1.0' });
    assert.equal(response.status, 404, `${route}: ${JSON.stringify(response.body)}`);
  }
  assert.equal((await service.call('GET', '/health')).status, 200);
});

test("findings name the bundle's files, never the service's scratch folder, and suggest no command-line flag", async () => {
  const doc = `swagger: '2.0'
info: {title: T, version: '1'}
paths:
  /things:
    get:
      responses:
        '200': {description: ok, schema: {$ref: '../outside.yaml'}}
        '201': {description: ok, schema: {$ref: 'https://example.com/x.yaml'}}
        '202': {description: ok, schema: {$ref: 'missing.yaml'}}
        '203': {description: ok, schema: {$ref: 'defs/Thing.yaml'}}
`;
  await publish('refs', { 'api.yaml': doc, 'defs/thing.yaml': 'type: object\n' });
  const findings = await service.call('GET', '/apis/refs/revisions/1/findings', { token: reader });
  const refs = (findings.body.items as Array<{ rule_id: string; message: string; start_line: number }>).filter((f) => f.rule_id === 'ref-resolves');
  assert.deepEqual(refs.map((f) => f.start_line), [7, 8, 9, 10]);
  for (const f of refs) {
    assert.doesNotMatch(f.message, /\/tmp|swaglint-server-|[\\/]T[\\/]/, f.message);
    assert.doesNotMatch(f.message, /--[a-z]/, f.message);
  }
  assert.match(refs[0]!.message, /the service reads only the bundle's files/);
  assert.match(refs[1]!.message, /the service never fetches one/);
  assert.match(refs[2]!.message, /looked for missing\.yaml\)/);
  assert.match(refs[3]!.message, /the file that exists is defs\/thing\.yaml/);
});

test('the cache of what is derived from revisions loads a key once, keeps the recently used, and forgets failures', async () => {
  const cache = new ImmutableCache<string>(10, (value) => value.length);
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return value;
  };
  const [a, b] = await Promise.all([cache.get('a', load('aaaa')), cache.get('a', load('other'))]);
  assert.deepEqual([a, b, loads], ['aaaa', 'aaaa', 1], 'two asks at once share one load');
  await cache.get('b', load('bbbb'));
  await cache.get('a', load('again'));
  await cache.get('c', load('cccc'));
  await new Promise((resolve) => setImmediate(resolve));
  // 12 characters over the 10 allowed: b, the least recently used, went
  assert.deepEqual([cache.has('a'), cache.has('b'), cache.has('c')], [true, false, true]);
  await assert.rejects(cache.get('d', () => Promise.reject(new Error('database gone'))));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(cache.has('d'), false);
});

test('an API deleted and published again shows its new revision 1, not the deleted one kept in the caches', async () => {
  const before = await publish('reborn', { 'api.yaml': manyFindings(1).replace('/getThing0', '/getAlpha') });
  assert.equal(before.id, 1);
  const old = await service.call('GET', '/ui/apis/reborn/revisions/1', { token: reader, version: null });
  assert.match(old.body, /getAlpha/);
  assert.equal((await service.call('DELETE', '/apis/reborn', { token: publisher })).status, 204);
  const after = await publish('reborn', { 'api.yaml': manyFindings(1).replace('/getThing0', '/getBeta') });
  assert.equal(after.id, 1, 'numbering starts again');
  const page = await service.call('GET', '/ui/apis/reborn/revisions/1', { token: reader, version: null });
  assert.equal(page.status, 200);
  assert.match(page.body, /getBeta/);
  assert.doesNotMatch(page.body, /getAlpha/);
});
