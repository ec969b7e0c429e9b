// The diff of two revisions, paired in a worker thread and listed a page at a time (issue 40: a diff
// of 12,000 findings a side was computed and sent whole on the main thread, 6.7 MB, and held /health).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { threadId } from 'node:worker_threads';
import { DiffRunner } from '../src/diff-runner.js';
import { diffEntries } from '../src/diffs.js';
import type { Finding } from '../src/store.js';
import { skipWithoutPostgres, startCluster, type Cluster } from './helpers/postgres.js';
import { startService, type TestService } from './helpers/service.js';

const skip = skipWithoutPostgres();
let cluster: Cluster | undefined;
let service: TestService | undefined;
let reader: string;

/** Findings with messages m<from> to m<to - 1>, one per line. */
function findings(from: number, to: number): Omit<Finding, 'seq'>[] {
  const list: Omit<Finding, 'seq'>[] = [];
  for (let i = from; i < to; i++) {
    list.push({ rule_id: 'operation-description', severity: 'warn', message: `m${i}`, file: 'api.yaml', pointer: `/paths/~1p${i}`, start_line: i, start_character: 0, end_line: i, end_character: 4 });
  }
  return list;
}

async function revision(apiId: string, list: Omit<Finding, 'seq'>[]): Promise<void> {
  await service!.store.ensureApi(apiId);
  await service!.store.addRevision({ apiId, root: 'api.yaml', title: 'Big', version: '1', publishedBy: 'test', files: new Map([['api.yaml', 'swagger: "2.0"\n']]), findings: list });
}

before(async () => {
  if (skip) return;
  cluster = await startCluster();
  service = await startService(undefined, { database: { url: cluster.url } });
  reader = (await service.token(['reader'])).token;
  // 12,000 findings a side: 3,000 fixed, 3,000 new, 9,000 unchanged
  await revision('big', findings(0, 12_000));
  await revision('big', findings(3_000, 15_000));
});
after(async () => {
  await service?.dispose();
  cluster?.stop();
});

test('the pairing runs in a worker thread and answers with sequence numbers', async () => {
  const runner = new DiffRunner();
  try {
    const diff = await runner.compute([[0, 'a'], [1, 'b'], [2, 'b']], [[0, 'b'], [1, 'c'], [2, 'a']]);
    assert.notEqual(diff.threadId, threadId);
    assert.deepEqual([[...diff.new], [...diff.fixed], [...diff.unchanged]], [[1], [2], [0, 2]]);
    // a page after a cursor continues in the next kind of change
    assert.deepEqual(diffEntries(diff, { change: 'new', seq: 1 }, 2), [{ change: 'fixed', seq: 2 }, { change: 'unchanged', seq: 0 }]);
    assert.deepEqual(diffEntries(diff, { change: 'unchanged', seq: 0 }, 5, 'unchanged'), [{ change: 'unchanged', seq: 2 }]);
  } finally {
    await runner.close();
  }
});

test('/health answers while a diff of 12,000 findings a side is computed', { skip }, async () => {
  let done = false;
  const diff = service!.call('GET', '/apis/big/revisions/2/diff?from=1&limit=10', { token: reader }).finally(() => {
    done = true;
  });
  const during: number[] = [];
  while (!done) {
    const health = await service!.call('GET', '/health', { version: null });
    if (!done) during.push(health.status);
  }
  const answer = await diff;
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body.counts, { new: 3_000, fixed: 3_000, unchanged: 9_000 });
  assert.ok(during.length > 0, 'a probe was answered before the diff');
  assert.ok(during.every((s) => s === 200), during.join(' '));
});

test('a diff listed a page at a time gives every finding once, new, fixed, then unchanged', { skip }, async () => {
  const seen = new Set<string>();
  const order: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const answer = await service!.call('GET', `/apis/big/revisions/2/diff?from=1&limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { token: reader });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.ok(answer.body.items.length <= 1000);
    for (const item of answer.body.items as { change: string; message: string }[]) {
      const key = `${item.change} ${item.message}`;
      assert.ok(!seen.has(key), `${key} twice`);
      seen.add(key);
      if (order.at(-1) !== item.change) order.push(item.change);
    }
    cursor = answer.body.next_cursor;
    pages += 1;
  } while (cursor !== null);
  assert.equal(pages, 15);
  assert.equal(seen.size, 15_000);
  assert.deepEqual(order, ['new', 'fixed', 'unchanged']);
  for (const i of [0, 2_999]) assert.ok(seen.has(`fixed m${i}`));
  for (const i of [12_000, 14_999]) assert.ok(seen.has(`new m${i}`));
  for (const i of [3_000, 11_999]) assert.ok(seen.has(`unchanged m${i}`));
  // one kind only, and a cursor that is no diff's
  const fixed = await service!.call('GET', '/apis/big/revisions/2/diff?from=1&change=fixed&limit=1000', { token: reader });
  assert.ok(fixed.body.items.every((f: { change: string }) => f.change === 'fixed'));
  assert.equal(fixed.body.items[0].start_line, 1, 'lines count from 1 in the REST API');
  const bogus = Buffer.from('k:moved.3').toString('base64url');
  assert.equal((await service!.call('GET', `/apis/big/revisions/2/diff?cursor=${bogus}`, { token: reader })).body.error.code, 'invalid-cursor');
});
