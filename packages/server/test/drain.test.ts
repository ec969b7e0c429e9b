// A deploy: SIGTERM (close()) while publishes are in flight. The service stops taking connections,
// reports not ready, finishes the publishes it has, then closes (issue 40: closing every connection at
// once lost four in-flight publishes to socket errors and "Cannot use a pool after calling end").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer } from '../src/server.js';
import { Store } from '../src/store.js';
import { createServiceToken } from '../src/auth/service-tokens.js';
import { openDatabase } from '../src/db/database.js';
import { freshDataDir, testAuth } from './helpers/service.js';
import { routes, type RequestContext } from '../src/routes.js';
import { HttpError } from '../src/http/errors.js';

/** A Swagger 2.0 document big enough that its lint is still running when close() is called. */
function largeBundle(title: string): { root: string; files: Record<string, string> } {
  const paths = Array.from({ length: 1500 }, (_, i) => `  /getThing${i}:\n    get:\n      description: Gets thing ${i}.\n      responses:\n        '200':\n          description: OK\n`).join('');
  return { root: 'api.yaml', files: { 'api.yaml': `swagger: '2.0'\ninfo:\n  title: ${title}\n  version: '1'\npaths:\n${paths}` } };
}

test('close() during four publishes: each is answered 201 and stored once, readiness says draining meanwhile', { timeout: 180_000 }, async () => {
  const dataDir = await freshDataDir();
  const logs: string[] = [];
  const service = await startServer({ host: '127.0.0.1', port: 0, database: { dataDir }, auth: testAuth(undefined), repository: 'lint', maxBodyBytes: 8 * 1024 * 1024, lint: { maxFiles: 50, timeoutMs: 120_000, concurrency: 1 }, log: (line) => logs.push(line), drainTimeoutMs: 120_000 });
  try {
    const { token } = await createServiceToken(new Store(service.database), { name: 'deployer', roles: ['publisher', 'reader'], createdBy: 'test', delegatedFrom: null, lifetimeSeconds: 3600 });
    const publish = (api: string) =>
      fetch(`${service.url}/apis/${api}/revisions?api-version=1.0`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(largeBundle(api)) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id?: number } }));
    let settled = 0;
    const publishes = ['a', 'b', 'c', 'd'].map((api) => publish(api).finally(() => (settled += 1)));
    // all four in flight, unless a busy machine delivered one so late that another had already finished
    while (service.inFlight < 4 && settled === 0) await sleep(10);
    const closing = service.close();
    const answers = await Promise.all(publishes);
    await closing;
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 201, 201], JSON.stringify(answers));
    assert.deepEqual(answers.map((a) => a.body.id), [1, 1, 1, 1]);
    assert.ok(!logs.some((line) => /error:|still in flight/.test(line)), logs.join('\n'));
    // every revision is stored, once
    const db = await openDatabase({ dataDir });
    try {
      const rows = await db.query<{ api_id: string; n: number }>('SELECT api_id, count(*)::int AS n FROM revisions GROUP BY api_id ORDER BY api_id');
      assert.deepEqual(rows.map((r) => [r.api_id, r.n]), [['a', 1], ['b', 1], ['c', 1], ['d', 1]]);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('while draining, the readiness probes answer 503 draining with Retry-After; liveness answers 200', async () => {
  const table = routes();
  const probe = (path: string) => table.find((r) => r.method === 'GET' && r.path === path)!;
  const sent: Array<{ status: number; body: string }> = [];
  let status = 0;
  const response = {
    writeHead(code: number) {
      status = code;
      return this;
    },
    end: (body: string) => sent.push({ status, body }),
  };
  const context = { services: { draining: () => true, health: { ok: async () => true }, databaseKind: 'pglite' }, response } as unknown as RequestContext;
  for (const path of ['/health', '/health/ready']) {
    await assert.rejects(probe(path).handle(context, {}), (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.deepEqual([error.status, error.code, error.headers['retry-after']], [503, 'draining', '1']);
      return true;
    });
  }
  await probe('/health/live').handle(context, {});
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.status, 200);
});

test('close() with nothing in flight does not wait for the drain timeout', { timeout: 120_000 }, async () => {
  const dataDir = await freshDataDir();
  try {
    const idle = await startServer({ host: '127.0.0.1', port: 0, database: { dataDir }, auth: testAuth(undefined), repository: 'lint', maxBodyBytes: 1024 * 1024, lint: { maxFiles: 50, timeoutMs: 10_000, concurrency: 1 }, log: () => {}, drainTimeoutMs: 600_000 });
    await idle.close(); // the test's own timeout fails it if this waits for the ten-minute drain
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
