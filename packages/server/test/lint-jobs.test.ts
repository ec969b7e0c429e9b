// Publishes as lint jobs in PostgreSQL (issue 40), over HTTP, with API instances and lint workers as
// separate `swaglint serve` processes on one real PostgreSQL server: two API instances and one worker
// process publish correctly; a publish whose client left before its job started leaves no revision;
// a publish that outlasts --publish-wait is answered 202 and its revision appears; a worker killed
// with -9 mid-job has its job run again by another, and the publish is stored once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutPostgres } from './helpers/postgres.js';
import { jobCluster } from './helpers/job-cluster.js';
import { syntheticDocument, type ServeProcess } from './helpers/processes.js';
import { until } from './helpers/until.js';
import { openDatabase } from '../src/db/database.js';
import { JobQueue } from '../src/jobs/queue.js';

/**
 * `pattern` (global) appears `count` times in a serve's log. A worker completes a job, which answers the publish, and
 * logs it just after: the line may reach the log a moment after the answer reaches the test.
 */
async function assertLogged(log: () => string, pattern: RegExp, count: number): Promise<void> {
  const found = () => (log().match(pattern) ?? []).length;
  await until(`${count} log lines ${pattern}`, 10_000, async () => (found() >= count ? true : undefined)).catch(() => undefined);
  assert.equal(found(), count, log());
}

const skip = skipWithoutPostgres();
const cluster = jobCluster(skip, 'jobs', ['publisher', 'reader']);
const serve = (args: string[]): Promise<ServeProcess> => cluster.serve(args);

function bundle(paths: number, title?: string): string {
  return JSON.stringify({ root: 'api.json', files: { 'api.json': syntheticDocument(paths, title) } });
}

async function publish(base: string, api: string, body: string, init: { key?: string; signal?: AbortSignal } = {}): Promise<{ status: number; body: any; location: string | null }> {
  const response = await fetch(`${base}/apis/${api}/revisions?api-version=1.0`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cluster.token}`, 'content-type': 'application/json', ...(init.key ? { 'idempotency-key': init.key } : {}) },
    body,
    signal: init.signal ?? null,
  });
  return { status: response.status, body: await response.json(), location: response.headers.get('location') };
}

async function numbers(api: string): Promise<number[]> {
  const { rows } = await cluster.db.query<{ number: number }>('SELECT number FROM revisions WHERE api_id = $1 ORDER BY number', [api]);
  return rows.map((r) => r.number);
}


const bodies = async () => (await cluster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM publish_bodies')).rows[0]!.n;

const jobOf = async (api: string) => (await cluster.db.query<{ job_id: string; number: number; started: boolean; cancelled: boolean }>('SELECT job_id, number, started_at IS NOT NULL AS started, cancelled_at IS NOT NULL AS cancelled FROM lint_jobs WHERE api_id = $1 ORDER BY number', [api])).rows;

let apiA: ServeProcess;
let apiB: ServeProcess;
let worker: ServeProcess;

test('two API instances and one worker process on one PostgreSQL: every publish stored once, numbered in turn', { skip, timeout: 240_000 }, async () => {
  // --lint-timeout 20: a job whose worker died runs again after 35 s (the limit and 15 s to store)
  const api = ['--role', 'api', '--lint-timeout', '20'];
  [apiA, apiB, worker] = await Promise.all([serve(api), serve(api), serve(['--role', 'worker', '--lint-concurrency', '2', '--lint-timeout', '20'])]);
  const results = await Promise.all(Array.from({ length: 6 }, (_, i) => publish((i % 2 === 0 ? apiA : apiB).base!, 'pair', bundle(20, `pair ${i}`), { key: `pair-publish-${i}` })));
  for (const r of results) assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(results.map((r) => r.body.id).sort((x: number, y: number) => x - y), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(await numbers('pair'), [1, 2, 3, 4, 5, 6]);
  for (const r of results) assert.equal(r.location, `/apis/pair/revisions/${r.body.id}`);
  // the worker linted them all: neither API instance runs workers
  await assertLogged(worker.log, /worker: job \S+ \(pair revision \d+\) stored/g, 6);
  // a retry with a key already stored is answered with its revision, not stored again
  const again = await publish(apiB.base!, 'pair', bundle(20, 'pair 0'), { key: 'pair-publish-0' });
  assert.equal(again.status, 200);
  assert.deepEqual(await numbers('pair'), [1, 2, 3, 4, 5, 6]);
  // each job named its body's row, written by the instance's reader thread, not the files themselves;
  // every body was deleted when its job ended, and the retry's body once it was answered
  const carried = (await cluster.db.query<{ body: boolean; files: boolean }>(
    "SELECT l.body_id IS NOT NULL AS body, j.data ? 'files' AS files FROM lint_jobs l JOIN swaglint_jobs.job j ON j.id = l.job_id WHERE l.api_id = 'pair'",
  )).rows;
  assert.deepEqual(carried, Array.from({ length: 6 }, () => ({ body: true, files: false })));
  assert.equal(await bodies(), 0);
  const metrics = await (await fetch(`${apiA.base}/metrics`)).text();
  assert.match(metrics, /^swaglint_lint_queue_depth 0$/m);
  assert.match(metrics, /^swaglint_lint_job_wait_seconds_count [1-9]/m);
  assert.match(metrics, /^swaglint_lint_job_run_seconds_count [1-9]/m);
  // the worker process answers its probes and metrics on its own --listen, and nothing else
  const probes = /probes and metrics on (http:\/\/\S+)/.exec(worker.log())![1]!;
  assert.equal((await fetch(`${probes}/health/live`)).status, 200);
  assert.deepEqual(await (await fetch(`${probes}/health/ready`)).json(), { status: 'ok', database: 'postgres' });
  const workerMetrics = await (await fetch(`${probes}/metrics`)).text();
  assert.match(workerMetrics, /^swaglint_lints_total\{outcome="ok"\} 6$/m);
  assert.match(workerMetrics, /^swaglint_lint_job_run_seconds_count 6$/m);
  assert.match(workerMetrics, /^swaglint_lint_queue_depth 0$/m);
  assert.equal((await fetch(`${probes}/apis?api-version=1.0`)).status, 404);
});

test('a publish whose client leaves before its job starts is cancelled and leaves no revision', { skip, timeout: 240_000 }, async () => {
  // no worker: the job waits in the queue
  await worker.stop();
  const left = new AbortController();
  const pending = publish(apiA.base!, 'leave', bundle(20), { signal: left.signal }).catch((error: unknown) => error);
  const [queued] = await until('the job to be queued', 60_000, async () => ((await jobOf('leave')).length > 0 ? jobOf('leave') : undefined));
  assert.equal(queued!.started, false);
  left.abort();
  assert.equal((await pending as Error).name, 'AbortError');
  await until('the job to be cancelled', 30_000, async () => ((await jobOf('leave'))[0]!.cancelled ? true : undefined));
  // its body goes with it (the instance deletes it once the queue has cancelled the job)
  await until("the cancelled job's body to be deleted", 30_000, async () => ((await bodies()) === 0 ? true : undefined));
  // the instance counts it once the database has answered its cancel, a moment after the row says so
  const abandoned = /^swaglint_lints_total\{outcome="abandoned"\} 1$/m;
  await until('the abandoned lint to be counted', 30_000, async () => (abandoned.test(await (await fetch(`${apiA.base}/metrics`)).text()) ? true : undefined));
  // past --lint-queue jobs queued (counted in the database, whichever instance queued them): 503 busy
  const small = await serve(['--role', 'api', '--lint-queue', '1', '--publish-wait', '0.05']);
  const waiting = await publish(small.base!, 'busy', bundle(5));
  assert.equal(waiting.status, 202, JSON.stringify(waiting.body));
  const refused = await fetch(`${small.base}/apis/busy/revisions?api-version=1.0`, { method: 'POST', headers: { authorization: `Bearer ${cluster.token}`, 'content-type': 'application/json' }, body: bundle(5) });
  assert.equal(refused.status, 503);
  assert.equal(refused.headers.get('retry-after'), '5');
  assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'busy');
  // the refused publish's body was deleted; the queued one's stays for its job
  assert.equal(await bodies(), 1);
  assert.match(await (await fetch(`${small.base}/metrics`)).text(), /^swaglint_lint_queue_depth 1$/m);
  // the 202's URL, before the job is done: 404 that says so, with Retry-After
  const notYet = await fetch(`${small.base}${waiting.location}?api-version=1.0`, { headers: { authorization: `Bearer ${cluster.token}` } });
  assert.equal(notYet.status, 404);
  assert.equal(notYet.headers.get('retry-after'), '5');
  assert.deepEqual(((await notYet.json()) as { error: { code: string } }).error.code, 'revision-pending');
  await small.stop();
  // a worker starts: it takes the next publish, and the cancelled one never runs
  worker = await serve(['--role', 'worker', '--lint-concurrency', '1', '--lint-timeout', '20']);
  const next = await publish(apiB.base!, 'leave', bundle(20));
  assert.equal(next.status, 201, JSON.stringify(next.body));
  assert.deepEqual(await numbers('leave'), [next.body.id]);
  assert.notEqual(next.body.id, queued!.number);
  assert.doesNotMatch(worker.log(), new RegExp(`\\(leave revision ${queued!.number}\\) stored`));
});

test('a publish that outlasts --publish-wait is answered 202 with its URL, and its revision appears there', { skip, timeout: 240_000 }, async () => {
  const impatient = await serve(['--role', 'api', '--publish-wait', '0.05']);
  const answer = await publish(impatient.base!, 'later', bundle(400));
  assert.equal(answer.status, 202, JSON.stringify(answer.body));
  assert.equal(answer.location, `/apis/later/revisions/${answer.body.id}`);
  assert.ok(['queued', 'running'].includes(answer.body.state), answer.body.state);
  const revision = await until('the revision to appear', 180_000, async () => {
    const response = await fetch(`${impatient.base}${answer.location}?api-version=1.0`, { headers: { authorization: `Bearer ${cluster.token}` } });
    return response.status === 200 ? ((await response.json()) as { id: number; warnings: number }) : (await response.body?.cancel(), undefined);
  });
  assert.equal(revision.id, answer.body.id);
  assert.ok(revision.warnings > 0);
  assert.deepEqual(await numbers('later'), [answer.body.id]);
  await impatient.stop();
});

test('a worker killed with -9 mid-job: its job runs again on another worker, and the publish is stored once', { skip, timeout: 300_000 }, async () => {
  // a document whose lint and storing take seconds: the worker is killed while it holds the job
  const body = bundle(2500);
  const answer = publish(apiA.base!, 'killed', body, { key: 'killed-publish-1' });
  const [job] = await until('a worker to start the job', 120_000, async () => {
    const rows = await jobOf('killed');
    return rows[0]?.started ? rows : undefined;
  });
  await worker.kill();
  const killed = worker;
  const replacement = await serve(['--role', 'worker', '--lint-concurrency', '1', '--lint-timeout', '20']);
  worker = replacement;
  const first = await answer;
  assert.ok(first.status === 201 || first.status === 202, JSON.stringify(first.body));
  assert.equal(first.body.id, job!.number);
  await until('the job to run again and store its revision', 240_000, async () => ((await numbers('killed')).length > 0 ? true : undefined));
  assert.deepEqual(await numbers('killed'), [job!.number]);
  // the second run was the replacement's (pg-boss retried the expired job), or it found the revision the first had stored
  if (!killed.log().includes(`job ${job!.job_id}`)) await until("the replacement's log line", 30_000, async () => (replacement.log().includes(`job ${job!.job_id}`) ? true : undefined));
  const { rows } = await cluster.db.query<{ n: number }>('SELECT count(*)::int AS n FROM findings WHERE api_id = $1', ['killed']);
  const [stored] = (await cluster.db.query<{ total: number }>('SELECT errors + warnings + infos + hints AS total FROM revisions WHERE api_id = $1', ['killed'])).rows;
  assert.equal(rows[0]!.n, stored!.total);
  // a retry of the same publish now is answered with that revision
  const retry = await publish(apiB.base!, 'killed', body, { key: 'killed-publish-1' });
  assert.equal(retry.status, 200);
  assert.equal(retry.body.id, job!.number);
});

test('SIGTERM to a serve that runs its own workers, during three publishes: its workers finish their jobs and all three are answered 201', { skip, timeout: 300_000 }, async () => {
  await worker.stop(); // this instance's own workers alone take the jobs
  const both = await serve(['--drain-timeout', '200', '--lint-concurrency', '1']);
  const answers = Promise.all([1, 2, 3].map((i) => publish(both.base!, 'drained', bundle(300, `drained ${i}`))));
  await until('three jobs queued', 120_000, async () => ((await jobOf('drained')).length === 3 ? true : undefined));
  const exited = new Promise<number | null>((resolve) => both.child.once('exit', (code) => resolve(code)));
  both.child.kill('SIGTERM');
  const results = await answers;
  for (const r of results) assert.equal(r.status, 201, JSON.stringify(r.body));
  await assertLogged(both.log, /worker: job \S+ \(drained revision \d+\) stored/g, 3);
  assert.equal(await exited, 0);
  assert.deepEqual(await numbers('drained'), [1, 2, 3]);
});

test('a serve that runs its own workers lints a job from its text in the lint thread: the findings POST /lint gives, the files as published', { skip, timeout: 240_000 }, async () => {
  const both = await serve(['--lint-concurrency', '1']);
  try {
    // two files, the second $ref'd, with text outside ASCII (and outside the BMP): the job's data
    // travels as jsonb text to the lint thread, and the files are copied from the job's row
    const files = {
      'api.yaml': "swagger: '2.0'\ninfo:\n  title: Bestellungen – Café ☕ 𝄞\n  version: '1.0'\npaths:\n  /orders:\n    get:\n      responses:\n        '200':\n          description: Die Bestellungen.\n          schema:\n            $ref: 'definitions/order.yaml'\n",
      'definitions/order.yaml': 'type: object\ndescription: "Eine Bestellung: \\"quoted\\", tab\\t, ü"\nproperties:\n  id:\n    type: string\n  Größe:\n    type: integer\n',
    };
    const body = JSON.stringify({ root: 'api.yaml', files });
    const published = await publish(both.base!, 'text', body);
    assert.equal(published.status, 201, JSON.stringify(published.body));
    await assertLogged(both.log, /worker: job \S+ \(text revision 1\) stored/g, 1);
    const stored = (await cluster.db.query<{ path: string; content: string }>('SELECT path, content FROM revision_files WHERE api_id = $1 AND number = 1 ORDER BY path', ['text'])).rows;
    assert.deepEqual(Object.fromEntries(stored.map((f) => [f.path, f.content])), files);
    const linted = await fetch(`${both.base}/lint?api-version=1.0`, { method: 'POST', headers: { authorization: `Bearer ${cluster.token}`, 'content-type': 'application/json' }, body });
    assert.equal(linted.status, 200);
    const key = (f: { rule_id: string; file: string; message: string }) => JSON.stringify([f.rule_id, f.file, f.message]);
    const expected = ((await linted.json()) as { findings: { rule_id: string; file: string; message: string }[] }).findings.map(key).sort();
    const { rows } = await cluster.db.query<{ rule_id: string; file: string; message: string }>('SELECT rule_id, file, message FROM findings WHERE api_id = $1 AND number = 1', ['text']);
    assert.ok(expected.length > 0);
    assert.deepEqual(rows.map(key).sort(), expected);
  } finally {
    await both.stop();
  }
});

test("a job an API instance of the last version queued (its files in the job's data) is linted by a worker of this version; bodies no job will read are swept", { skip, timeout: 240_000 }, async () => {
  // no worker runs now (the SIGTERM test stopped the last): this process queues as an instance would
  const db = await openDatabase({ url: cluster.url });
  const queue = await JobQueue.open(db, { expireSeconds: 60, log: () => undefined });
  try {
    await cluster.db.query("INSERT INTO apis (id, ruleset_id) VALUES ('inline', 'default'), ('swept', 'default')");
    const files = { 'api.json': syntheticDocument(20, 'inline') };
    await queue.submit({ apiId: 'inline', idempotencyKey: null, data: (number) => ({ apiId: 'inline', number, root: 'api.json', publishedBy: 'token:old', idempotencyKey: null, files }) });
    const body = async (age: string) => (await cluster.db.query<{ id: string }>(`INSERT INTO publish_bodies (data, created_at) VALUES ($1, now() - $2::interval) RETURNING id`, [JSON.stringify({ root: 'api.json', files: { 'api.json': syntheticDocument(5) } }), age])).rows[0]!.id;
    const queued = async (bodyId: string) =>
      queue.submit({ apiId: 'swept', idempotencyKey: null, bodyId, data: (number) => ({ apiId: 'swept', number, root: 'api.json', publishedBy: 'token:ci', idempotencyKey: null, bodyId }) });
    const orphanOld = await body('1 hour');
    const orphanNew = await body('0 seconds');
    const cancelled = await body('0 seconds');
    const live = await body('1 hour');
    // a job whose instance died between cancelling it and deleting its body
    const cancelledJob = await queued(cancelled);
    await cluster.db.query('UPDATE lint_jobs SET cancelled_at = now() WHERE job_id = $1', [cancelledJob.jobId]);
    await queue.boss.cancel('swaglint-lint', cancelledJob.jobId);
    await queued(live);
    assert.equal(await queue.sweepBodies(), 2);
    const left = (await cluster.db.query<{ id: string }>('SELECT id FROM publish_bodies ORDER BY id')).rows.map((r) => r.id);
    assert.deepEqual(left, [orphanNew, live].sort());
    assert.ok(!left.includes(orphanOld) && !left.includes(cancelled));
    // a worker of this version takes both kinds of job: the inline one and the one naming its body
    worker = await serve(['--role', 'worker', '--lint-concurrency', '1', '--lint-timeout', '20']);
    await until('both jobs to be stored', 120_000, async () => ((await numbers('inline')).length === 1 && (await numbers('swept')).length === 1 ? true : undefined));
    const stored = (await cluster.db.query<{ path: string; content: string }>("SELECT path, content FROM revision_files WHERE api_id = 'inline'")).rows;
    assert.deepEqual(Object.fromEntries(stored.map((f) => [f.path, f.content])), files);
    await assertLogged(worker.log, /worker: job \S+ \(inline revision 1\) stored/g, 1);
    // the live job's body went when it ended; the fresh orphan waits out its grace
    await until("the ended job's body to be deleted", 30_000, async () => ((await bodies()) === 1 ? true : undefined));
    assert.deepEqual((await cluster.db.query<{ id: string }>('SELECT id FROM publish_bodies')).rows.map((r) => r.id), [orphanNew]);
  } finally {
    await queue.stop();
    await db.close();
  }
});
