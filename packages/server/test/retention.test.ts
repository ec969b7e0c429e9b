// Retention (issue 40: storage grew for ever): --keep-revisions and --keep-days remove old revisions
// at start and then periodically, with their findings, recorded in the audit log, and never an
// API's latest revision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, type ServeOptions } from '../src/server.js';
import { Store } from '../src/store.js';
import { retentionActor, sweepRevisions } from '../src/retention.js';
import { freshDataDir, testAuth } from './helpers/service.js';

function options(dataDir: string, retention?: ServeOptions['retention']): ServeOptions {
  return { host: '127.0.0.1', port: 0, database: { dataDir }, auth: testAuth(undefined), repository: 'lint', maxBodyBytes: 1024 * 1024, lint: { maxFiles: 50, timeoutMs: 20_000, concurrency: 1 }, log: () => undefined, retention };
}

async function addRevisions(store: Store, apiId: string, count: number): Promise<void> {
  await store.ensureApi(apiId);
  for (let i = 0; i < count; i++) {
    await store.addRevision({ apiId, root: 'api.yaml', title: 'T', version: '1', publishedBy: 'test', files: new Map([['api.yaml', 'swagger: "2.0"\n']]), findings: [{ rule_id: 'r', severity: 'warn', message: `m${i}`, file: 'api.yaml', pointer: '', start_line: 0, start_character: 0, end_line: 0, end_character: 1 }] });
  }
}

const numbers = async (store: Store, apiId: string) => (await store.revisions(apiId)).map((r) => r.id).sort((a, b) => a - b);

/** Waits until `check` holds, as a sweep runs in the background (at most 30 s). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300 && !(await check()); i++) await sleep(100);
}

test('--keep-revisions sweeps at start and then periodically, keeping each API its latest revisions', async () => {
  const dataDir = await freshDataDir();
  try {
    const before = await startServer(options(dataDir));
    const store = new Store(before.database);
    await addRevisions(store, 'orders', 5);
    await addRevisions(store, 'single', 1);
    await before.close();

    // an hour between sweeps: what happens here is the sweep at start
    const after = await startServer(options(dataDir, { keepRevisions: 2, intervalMs: 3_600_000 }));
    try {
      const swept = new Store(after.database);
      await eventually(async () => (await numbers(swept, 'orders')).length === 2);
      assert.deepEqual(await numbers(swept, 'orders'), [4, 5]);
      assert.deepEqual(await numbers(swept, 'single'), [1]);
      const findings = await after.database.query<{ n: number }>("SELECT count(*)::int AS n FROM findings WHERE api_id = 'orders'");
      assert.equal(findings[0]!.n, 2, 'the removed revisions took their findings along');
      const audit = await swept.auditLog({ limit: 100 });
      assert.deepEqual(audit.filter((a) => a.actor === retentionActor).map((a) => a.target).sort(), ['/apis/orders/revisions/1', '/apis/orders/revisions/2', '/apis/orders/revisions/3']);
    } finally {
      await after.close();
    }

    const periodic = await startServer(options(dataDir, { keepRevisions: 1, intervalMs: 100 }));
    try {
      const store2 = new Store(periodic.database);
      await eventually(async () => (await numbers(store2, 'orders')).length === 1);
      await addRevisions(store2, 'orders', 2);
      await eventually(async () => (await numbers(store2, 'orders')).length === 1);
      assert.deepEqual(await numbers(store2, 'orders'), [7], 'numbers are not used again; the latest stays');
    } finally {
      await periodic.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('--keep-days removes what was published before, but never an API\'s latest revision', async () => {
  const dataDir = await freshDataDir();
  const service = await startServer(options(dataDir));
  try {
    const store = new Store(service.database);
    await addRevisions(store, 'stale', 3);
    await addRevisions(store, 'mixed', 3);
    await service.database.query("UPDATE revisions SET published_at = now() - interval '10 days' WHERE api_id = 'stale' OR (api_id = 'mixed' AND number < 3)");
    assert.equal(await sweepRevisions(service.database, { keepDays: 7 }), 4);
    assert.deepEqual(await numbers(store, 'stale'), [3], 'the latest is kept, however old');
    assert.deepEqual(await numbers(store, 'mixed'), [3]);
    assert.equal(await sweepRevisions(service.database, { keepDays: 7 }), 0);
    // both limits: a revision goes when it is past either
    await addRevisions(store, 'mixed', 3);
    await service.database.query("UPDATE revisions SET published_at = now() - interval '10 days' WHERE api_id = 'mixed' AND number = 4");
    assert.equal(await sweepRevisions(service.database, { keepDays: 7, keepRevisions: 3 }), 2);
    assert.deepEqual(await numbers(store, 'mixed'), [5, 6]);
    assert.equal(await sweepRevisions(service.database, {}), 0, 'no limit keeps everything');
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
