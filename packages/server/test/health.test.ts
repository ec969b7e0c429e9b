// The database check behind /health and /health/ready: a probe's own interval never makes the
// database look down (issue 40: probes 7 s apart all got 503, the last check being "stale"), a
// database that does not answer is down, and the liveness probe answers whatever the database does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseHealth } from '../src/db/health.js';
import type { Queryable } from '../src/db/database.js';
import { startService } from './helpers/service.js';

/** A database whose next answer the test decides: `up`, `down` (an error) or `hung` (never answers). */
function database(): Queryable & { state: 'up' | 'down' | 'hung'; queries: number } {
  return {
    state: 'up',
    queries: 0,
    async query<Row>(): Promise<Row[]> {
      this.queries += 1;
      if (this.state === 'down') throw new Error('connection refused');
      if (this.state === 'hung') return new Promise<Row[]>(() => {});
      return [];
    },
  };
}

test('probes further apart than the check stays fresh are answered from a new check, not called stale', async () => {
  const db = database();
  const health = new DatabaseHealth(db, 40);
  assert.equal(await health.ok(), true);
  for (let i = 0; i < 3; i += 1) {
    await sleep(80); // twice the freshness window between probes, as a probe every 10 s is to 5 s
    assert.equal(await health.ok(), true, `probe ${i + 2}`);
  }
  assert.equal(db.queries, 4);
});

test('within the freshness window a probe answers from the last check and starts at most one more', async () => {
  const db = database();
  const health = new DatabaseHealth(db, 60_000);
  assert.equal(await health.ok(), true);
  db.state = 'down';
  // the check these probes start has not finished when they answer: they go by the recent one
  assert.deepEqual(await Promise.all([health.ok(), health.ok(), health.ok()]), [true, true, true]);
  assert.equal(db.queries, 2);
  await sleep(0);
  assert.equal(await health.ok(), false, 'the failed check is now the latest');
});

test('a database that fails or does not answer within the window is down', async () => {
  const failing = database();
  failing.state = 'down';
  assert.equal(await new DatabaseHealth(failing, 40).ok(), false);
  const hung = database();
  hung.state = 'hung';
  assert.equal(await new DatabaseHealth(hung, 40).ok(), false);
});

test('/health/live and /health/ready answer probes blind, with no credentials and no api-version', async () => {
  const service = await startService(undefined);
  try {
    const live = await service.call('GET', '/health/live', { version: null });
    assert.equal(live.status, 200);
    assert.deepEqual(live.body, { status: 'ok' });
    const ready = await service.call('GET', '/health/ready', { version: null });
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ok', database: 'pglite' });
  } finally {
    await service.dispose();
  }
});
