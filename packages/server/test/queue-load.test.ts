// bench/queue-load.mjs run short: two API instances and two worker processes on one PostgreSQL,
// clients publishing while a worker and then an API instance are killed with -9 and started again.
// Nothing timed here: it checks what the bench checks, that no publish answered 2xx is lost or
// stored twice and that no answer is a 5xx other than 503 with Retry-After.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { skipWithoutPostgres } from './helpers/postgres.js';

const bench = fileURLToPath(new URL('../../bench/queue-load.mjs', import.meta.url));

test('the queue load bench, short: kills scripted, no publish lost or doubled, no 5xx but 503 with Retry-After', { skip: skipWithoutPostgres(), timeout: 600_000 }, async () => {
  const args = [bench, '--seconds', '8', '--clients', '4', '--workers', '2', '--min-mb', '0.05', '--max-mb', '0.2', '--lint-timeout', '10', '--json'];
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024, timeout: 580_000 }, (error, out, err) => (error && !out ? reject(new Error(`${error.message}\n${err}`)) : resolve(out))),
  );
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as { kills: string[]; acceptedPublishes: number; stored: number; lost: number; doubled: number; storedUnanswered: number; badAnswers: string[] };
  assert.deepEqual(result.badAnswers, []);
  assert.equal(result.kills.length, 4, result.kills.join('; '));
  assert.ok(result.acceptedPublishes > 0);
  assert.equal(result.lost, 0);
  assert.equal(result.doubled, 0);
  // every revision is one a client was answered for: a publish retried after a kill waited for its first job
  assert.equal(result.storedUnanswered, 0);
  assert.equal(result.stored, result.acceptedPublishes);
});
