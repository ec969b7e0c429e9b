// Re-lint on a ruleset change (issue 40: changing a ruleset did not re-lint the latest revisions):
// putting a ruleset re-lints, in the background, the latest revision of each API that uses it, and
// giving an API another ruleset re-lints that API; the result is a new revision of the same files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { relintPublisher } from '../src/relint.js';
import { sampleBundle, startService, type TestService } from './helpers/service.js';

let service: TestService;
let admin: string;

before(async () => {
  service = await startService(undefined);
  admin = (await service.token(['ruleset-admin', 'publisher', 'reader'])).token;
});
after(() => service.dispose());

type Revision = { id: number; published_by: string; errors: number; warnings: number };

async function revisionsOf(apiId: string): Promise<Revision[]> {
  return (await service.call('GET', `/apis/${apiId}/revisions`, { token: admin })).body.items;
}

/** Waits for the background re-lint to store API `apiId`'s revision `count` (at most 60 s). */
async function waitForRevisions(apiId: string, count: number): Promise<Revision[]> {
  for (let i = 0; i < 600; i++) {
    const list = await revisionsOf(apiId);
    if (list.length >= count) return list;
    await sleep(100);
  }
  return revisionsOf(apiId);
}

const rulesOf = async (apiId: string, number: number) =>
  new Set(((await service.call('GET', `/apis/${apiId}/revisions/${number}/findings?limit=1000`, { token: admin })).body.items as { rule_id: string }[]).map((f) => f.rule_id));

test('putting a ruleset re-lints the latest revision of each API that uses it, and only those', async () => {
  assert.equal((await service.call('PUT', '/rulesets/strict', { token: admin, body: { preset: 'recommended', rules: {} } })).status, 201);
  assert.equal((await service.call('PUT', '/apis/other', { token: admin, body: { ruleset_id: 'strict' } })).status, 201);
  for (const id of ['orders', 'billing', 'other']) assert.equal((await service.call('POST', `/apis/${id}/revisions`, { token: admin, body: sampleBundle() })).status, 201);
  const [rule] = [...(await rulesOf('orders', 1))];
  assert.ok(rule, 'the sample has a finding');

  assert.equal((await service.call('PUT', '/rulesets/default', { token: admin, body: { preset: 'recommended', rules: { [rule!]: 'off' } } })).status, 200);
  for (const id of ['orders', 'billing']) {
    const list = await waitForRevisions(id, 2);
    assert.deepEqual(list.map((r) => [r.id, r.published_by]), [[1, 'token:test-ruleset-admin-publisher-reader'], [2, relintPublisher]]);
    assert.ok(!(await rulesOf(id, 2)).has(rule!), `${id} revision 2 is linted with ${rule} off`);
  }
  // the same files: the diff holds only what the rule change did
  const diff = await service.call('GET', '/apis/orders/revisions/2/diff', { token: admin });
  assert.ok(diff.body.counts.fixed > 0 && diff.body.counts.new === 0, JSON.stringify(diff.body.counts));
  assert.equal((await service.call('GET', '/apis/orders/revisions/2', { token: admin })).body.root, 'api.yaml');
  assert.equal((await revisionsOf('other')).length, 1, 'an API with another ruleset is not re-linted');

  // an API given another ruleset is re-linted under it
  assert.equal((await service.call('PUT', '/apis/other', { token: admin, body: { ruleset_id: 'default' } })).status, 200);
  const other = await waitForRevisions('other', 2);
  assert.equal(other[1]!.published_by, relintPublisher);
  assert.ok(!(await rulesOf('other', 2)).has(rule!));
});

test('a re-lint is not stored after a revision published meanwhile', async () => {
  const [latest] = await service.store.latestRevisions({ apiId: 'orders' });
  await service.store.addRevision({ apiId: 'orders', root: 'api.yaml', title: null, version: null, publishedBy: 'ci', files: new Map([['api.yaml', 'x']]), findings: [] });
  const stored = await service.store.addRevisionUnlessPublished({ apiId: 'orders', root: 'api.yaml', title: null, version: null, publishedBy: relintPublisher, files: new Map([['api.yaml', 'x']]), findings: [] }, latest!.revision_count);
  assert.equal(stored, undefined);
  assert.equal((await revisionsOf('orders')).at(-1)!.published_by, 'ci');
});
