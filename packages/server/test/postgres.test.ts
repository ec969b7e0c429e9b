// The service on a real PostgreSQL server: the same migrations, two instances sharing one database,
// 24 concurrent publishes of the corpus's largest document under 1 MB, and one instance killed mid-run
// (after six answers, with the rest in flight: more publishes, or the 4 MB one, cost a minute of CPU
// and prove no more; queue-load.test.ts and its bench publish 1-4 MB documents). Every
// publish is stored once, with its findings: those whose instance died are retried on the other
// with the same Idempotency-Key, and none is lost or doubled; the database stays consistent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { skipWithoutPostgres, startCluster, type Cluster } from './helpers/postgres.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = path.join(repositoryRoot, 'bin', 'swaglint.js');
const corpusDir = process.env['SWAGLINT_CORPUS'] ?? path.resolve(repositoryRoot, '..', 'shared', 'corpus');
// the corpus is in ../shared, beside the checkout in this project's home and CI, absent from a fresh
// clone (as test/helpers/shared-dir.ts decides for the root package's tests: under CI it must be there)
const noCorpus = !existsSync(path.join(corpusDir, 'MANIFEST.tsv')) && process.env['CI'] !== 'true' ? `needs ${corpusDir}, absent here; CI runs it` : false;
const skip = skipWithoutPostgres() || noCorpus;
const publishes = 24;
let cluster: Cluster | undefined;

before(async () => {
  if (!skip) cluster = await startCluster();
});
after(() => cluster?.stop());

/** The corpus manifest's largest document under 1 MB. */
function sizeableDocument(): { name: string; text: string } {
  const rows = readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const [file] = rows.filter((r) => Number(r[4]) < 1_000_000).sort((a, b) => Number(b[4]) - Number(a[4]))[0]!;
  return { name: path.basename(file!), text: readFileSync(path.join(corpusDir, file!), 'utf8') };
}

async function startInstance(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--database', 'env:SWAGLINT_TEST_DATABASE', '--listen', '127.0.0.1:0', '--max-body', '32', '--rate-limit', '0', '--publish-wait', '600'], {
    env: { ...process.env, SWAGLINT_TEST_DATABASE: url },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const m = /listening on (http:\/\/\S+),/.exec(log);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`swaglint serve exited ${code}: ${log}`)));
  });
  return { child, base };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

test('two instances on one PostgreSQL: concurrent publishes, one instance killed, nothing lost or doubled', { skip, timeout: 900_000 }, async () => {
  const url = cluster!.url;
  const created = spawnSync(process.execPath, [cli, 'serve', '--database', url, '--create-token', 'load', '--role', 'publisher', '--role', 'reader'], { encoding: 'utf8' });
  assert.equal(created.status, 0, created.stderr);
  const token = created.stdout.trim();
  // both instances migrate the same database at once: the advisory lock lets one do it
  const [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
  try {
    const document = sizeableDocument();
    const body = JSON.stringify({ root: document.name, files: { [document.name]: document.text } });
    const started = Date.now();
    let answered = 0;
    let killed = false;
    type Revision = { id: number; errors: number; warnings: number; infos: number; hints: number };
    const post = async (base: string, key: string): Promise<{ status: number; revision: Revision }> => {
      const response = await fetch(`${base}/apis/largest/revisions?api-version=1.0`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body,
      });
      return { status: response.status, revision: (await response.json()) as Revision };
    };
    const results = await Promise.all(
      Array.from({ length: publishes }, async (_, i) => {
        const instance = i % 2 === 0 ? a : b;
        const key = `load-test-${i}`;
        const t0 = Date.now();
        try {
          const { status, revision } = await post(instance.base, key);
          assert.equal(status, 201, JSON.stringify(revision));
          if (++answered === 6 && !killed) {
            killed = true;
            b.child.kill('SIGKILL');
          }
          return { instance: instance === a ? 'a' : 'b', ms: Date.now() - t0, revision, retried: false, replayed: false };
        } catch (error) {
          // what a client does when its instance dies: the same publish, with the same key, to the other
          assert.equal(instance, b, `a request to the surviving instance failed: ${String(error)}`);
          const { status, revision } = await post(a.base, key);
          assert.ok(status === 201 || status === 200, JSON.stringify(revision));
          return { instance: 'b', ms: Date.now() - t0, revision, retried: true, replayed: status === 200 };
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const ok = results;
    const failed = results.filter((r) => r.retried);
    assert.ok(killed, 'instance b was killed mid-run');
    assert.ok(failed.length > 0, 'the killed instance lost some requests');

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const revisions = (await db.query('SELECT number, errors, warnings, infos, hints FROM revisions WHERE api_id = $1 ORDER BY number', ['largest'])).rows as Array<{ number: number; errors: number; warnings: number; infos: number; hints: number }>;
      const [api] = (await db.query('SELECT revision_count FROM apis WHERE id = $1', ['largest'])).rows as Array<{ revision_count: number }>;
      // every publish stored exactly once, numbered 1..50 without a gap or a double, retries included
      assert.deepEqual(revisions.map((r) => r.number), Array.from({ length: publishes }, (_, i) => i + 1));
      assert.equal(api!.revision_count, publishes);
      assert.deepEqual(ok.map((r) => r.revision.id).sort((x, y) => x - y), revisions.map((r) => r.number));
      const byNumber = new Map(revisions.map((r) => [r.number, r]));
      for (const r of ok) {
        const stored = byNumber.get(r.revision.id)!;
        assert.deepEqual([stored.errors, stored.warnings, stored.infos, stored.hints], [r.revision.errors, r.revision.warnings, r.revision.infos, r.revision.hints]);
      }
      assert.equal(new Set(ok.map((r) => r.revision.id)).size, ok.length, 'no revision answered twice');
      const findings = (await db.query('SELECT number, count(*)::int AS n FROM findings WHERE api_id = $1 GROUP BY number', ['largest'])).rows as Array<{ number: number; n: number }>;
      const counted = new Map(findings.map((f) => [f.number, f.n]));
      for (const r of revisions) assert.equal(counted.get(r.number) ?? 0, r.errors + r.warnings + r.infos + r.hints, `revision ${r.number} has all its findings`);
      assert.ok(revisions[0]!.errors + revisions[0]!.warnings > 0);
      const files = (await db.query('SELECT count(*)::int AS n FROM revision_files WHERE api_id = $1', ['largest'])).rows as Array<{ n: number }>;
      assert.equal(files[0]!.n, revisions.length);
    } finally {
      await db.end();
    }
    const health = await fetch(`${a.base}/health?api-version=1.0`);
    assert.deepEqual(await health.json(), { status: 'ok', database: 'postgres' });
    const latencies = ok.map((r) => r.ms);
    console.log(
      `# PostgreSQL: ${publishes} publishes of ${document.name} stored once each in ${seconds.toFixed(1)} s; ${failed.length} lost their instance and were retried on the other ` +
        `(${failed.filter((r) => r.replayed).length} of them had been stored before it died, and were answered, not stored again): ` +
        `${(ok.length / seconds).toFixed(2)} revisions/s, p95 latency ${(percentile(latencies, 95) / 1000).toFixed(1)} s`,
    );
  } finally {
    a.child.kill('SIGTERM');
    b.child.kill('SIGKILL');
    await Promise.all([a, b].map((i) => (i.child.exitCode !== null || i.child.signalCode !== null ? undefined : new Promise((resolve) => i.child.once('exit', resolve)))));
  }
});
