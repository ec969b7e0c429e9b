// The lint queue (issue 40): bounded (past the bound, 503 with Retry-After), a queued lint whose client
// left is dropped unstarted, and the time limit counts the wait in the queue.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClientGone, LintPool } from '../src/lint-pool.js';
import { HttpError } from '../src/http/errors.js';
import type { LintJob } from '../src/lint-worker.js';

const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-lint-pool-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A Swagger 2.0 document of `n` paths, written to the scratch folder, as a job. */
function job(name: string, n: number): LintJob {
  const paths = Array.from({ length: n }, (_, i) => `  /getThing${i}:\n    get:\n      responses:\n        '200':\n          description: OK\n`).join('');
  const root = path.join(dir, name);
  writeFileSync(root, `swagger: '2.0'\ninfo:\n  title: T\n  version: '1'\npaths:\n${paths}`);
  return { dir, root, rulesetId: 'default', preset: 'recommended', rules: {} };
}

const refused = (status: number, code: string) => (error: unknown) => {
  assert.ok(error instanceof HttpError, String(error));
  assert.deepEqual([error.status, error.code], [status, code]);
  return true;
};

test('past its bound the queue refuses with 503 and Retry-After; a queued lint whose client left is dropped', { timeout: 120_000 }, async () => {
  const pool = new LintPool(1, 60_000, 1536, 2);
  try {
    const running = pool.run(job('a.yaml', 5));
    const left = new AbortController();
    const abandoned = pool.run(job('b.yaml', 5), left.signal);
    const waiting = pool.run(job('c.yaml', 5));
    assert.equal(pool.queued, 2);
    await assert.rejects(pool.run(job('d.yaml', 5)), (error: unknown) => {
      refused(503, 'busy')(error);
      assert.equal((error as HttpError).headers['retry-after'], '5');
      return true;
    });
    left.abort();
    await assert.rejects(abandoned, (error: unknown) => error instanceof ClientGone);
    assert.equal(pool.queued, 1);
    assert.ok((await running).diagnostics.length > 0);
    assert.ok((await waiting).diagnostics.length > 0);
    // a client gone before it asked is not queued at all
    await assert.rejects(pool.run(job('e.yaml', 5), AbortSignal.abort()), (error: unknown) => error instanceof ClientGone);
  } finally {
    await pool.close();
  }
});

test('the time limit counts the wait in the queue: a lint whose time went there is refused unstarted', { timeout: 120_000 }, async () => {
  // the pool's clock is the test's: the second lint has waited 1 s by its turn, whatever the machine did
  let clock = 0;
  const pool = new LintPool(1, 300, 1536, 16, () => clock);
  try {
    const slow = pool.run(job('slow.yaml', 3000)); // stopped at the limit (a real 300 ms timer)
    const queued = pool.run(job('queued.yaml', 5));
    clock = 1000;
    await assert.rejects(slow, refused(422, 'lint-time-limit'));
    await assert.rejects(queued, (error: unknown) => {
      refused(422, 'lint-time-limit')(error);
      assert.match((error as Error).message, /waited longer than the service's limit of 0\.3 s/);
      return true;
    });
  } finally {
    await pool.close();
  }
});
