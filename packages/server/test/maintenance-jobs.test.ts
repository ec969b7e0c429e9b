// Re-lint and retention as jobs on PostgreSQL (issue 40): two API instances and a lint worker
// process on one real PostgreSQL server. A ruleset change through one instance queues a re-lint per
// affected API that the worker process runs (with the ruleset's own declarative rules); a worker
// killed with -9 mid-re-lint has its job run again, and one revision comes of it; instances that each
// ask for a retention sweep get one sweep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutPostgres } from './helpers/postgres.js';
import { jobCluster } from './helpers/job-cluster.js';
import { syntheticDocument, type ServeProcess } from './helpers/processes.js';
import { until } from './helpers/until.js';
import { relintPublisher } from '../src/relint.js';

const skip = skipWithoutPostgres();
const cluster = jobCluster(skip, 'ops', ['ruleset-admin', 'publisher', 'reader']);
const serve = (args: string[]): Promise<ServeProcess> => cluster.serve(args);

async function call(base: string, method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${route}${route.includes('?') ? '&' : '?'}api-version=1.0`, {
    method,
    headers: { authorization: `Bearer ${cluster.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

const bundle = (paths: number, title?: string) => ({ root: 'api.json', files: { 'api.json': syntheticDocument(paths, title) } });

async function revisions(api: string): Promise<Array<{ number: number; published_by: string }>> {
  return (await cluster.db.query<{ number: number; published_by: string }>('SELECT number, published_by FROM revisions WHERE api_id = $1 ORDER BY number', [api])).rows;
}


/** The team's rule: the document's info has a contact. */
const contactRule = { 'acme-info-contact': { severity: 'error', message: 'info needs a contact', given: '$.info', then: { field: 'contact', function: 'truthy' } } };

let apiA: ServeProcess;
let apiB: ServeProcess;
let worker: ServeProcess;

test('a ruleset changed through one instance: a worker process re-lints each API once, with the ruleset\'s own rules; a worker killed mid-re-lint has its job run again and one revision comes of it', { skip, timeout: 300_000 }, async () => {
  // API instances run no workers here: every re-lint is the worker process's
  apiA = await serve(['--role', 'api', '--lint-timeout', '20']);
  apiB = await serve(['--role', 'api', '--lint-timeout', '20']);
  worker = await serve(['--role', 'worker', '--lint-concurrency', '1', '--lint-timeout', '20']);
  for (const [api, paths] of [['small-a', 5], ['small-b', 5], ['big', 2500]] as const) {
    const published = await call(apiA.base!, 'POST', `/apis/${api}/revisions`, bundle(paths, api));
    assert.equal(published.status, 201, JSON.stringify(published.body));
  }
  // through the other instance: it only queues the jobs
  assert.equal((await call(apiB.base!, 'PUT', '/rulesets/default', { preset: 'recommended', rules: contactRule })).status, 200);
  for (const api of ['small-a', 'small-b']) {
    const list = await until(`${api}'s re-lint`, 120_000, async () => ((await revisions(api)).length >= 2 ? revisions(api) : undefined));
    assert.deepEqual(list.map((r) => r.published_by), ['token:ops', relintPublisher]);
    const own = await call(apiA.base!, 'GET', `/apis/${api}/revisions/2/findings?limit=1000`);
    assert.deepEqual(own.body.items.filter((f: { rule_id: string }) => f.rule_id === 'acme-info-contact').map((f: { message: string }) => f.message), ['info needs a contact']);
  }
  assert.match(worker.log(), /re-lint of small-a: revision 2 under the ruleset 'default'/);
  // the re-lint's files were read by the lint thread and copied inside the database: the same as published
  const filesOf = async (number: number) => (await cluster.db.query<{ path: string; content: string }>('SELECT path, content FROM revision_files WHERE api_id = $1 AND number = $2 ORDER BY path', ['small-a', number])).rows;
  const published = await filesOf(1);
  assert.ok(published.length > 0);
  assert.deepEqual(await filesOf(2), published);
  await until("big's re-lint", 240_000, async () => ((await revisions('big')).length >= 2 ? true : undefined));

  // the big document again, under a new rule: the worker is killed while its re-lint runs
  assert.equal((await call(apiA.base!, 'PUT', '/rulesets/default', { preset: 'recommended', rules: { ...contactRule, 'path-no-verbs': 'off' } })).status, 200);
  const run = await until("big's second re-lint to start", 120_000, async () => {
    const { rows } = await cluster.db.query<{ job_id: string; base_count: number }>('SELECT job_id, base_count FROM relint_runs WHERE api_id = $1 AND base_count = 2', ['big']);
    return rows[0];
  });
  await worker.kill();
  assert.equal((await revisions('big')).length, 2, 'killed before it stored');
  worker = await serve(['--role', 'worker', '--lint-concurrency', '1', '--lint-timeout', '20']);
  // pg-boss takes the job for dead after --lint-timeout plus 15 s, and a worker runs it again
  const log = await until('the job to run again', 180_000, async () => (worker.log().includes(`job ${run.job_id} re-lint of big: `) ? worker.log() : undefined));
  assert.match(log, new RegExp(`job ${run.job_id} re-lint of big: revision 3 under the ruleset 'default'`));
  assert.deepEqual((await revisions('big')).map((r) => r.number), [1, 2, 3]);
  // still one after the queue has had time to run anything it doubled
  await new Promise((resolve) => setTimeout(resolve, 3000));
  assert.deepEqual((await revisions('big')).map((r) => r.number), [1, 2, 3]);
  const [state] = (await cluster.db.query<{ state: string }>('SELECT state FROM swaglint_jobs.job WHERE id = $1 UNION ALL SELECT state FROM swaglint_jobs.archive WHERE id = $1', [run.job_id])).rows;
  assert.equal(state!.state, 'completed');
});

test('two instances that each ask for a retention sweep at start: one sweep job, run by the worker', { skip, timeout: 240_000 }, async () => {
  for (let i = 0; i < 4; i++) assert.equal((await call(apiA.base!, 'POST', '/apis/kept/revisions', bundle(3, `kept ${i}`))).status, 201);
  const before = (await cluster.db.query<{ n: number }>("SELECT count(*)::int AS n FROM swaglint_jobs.job WHERE name = 'swaglint-retention'")).rows[0]!.n;
  assert.equal(before, 0);
  // started together, as a deploy does: each asks at start
  const [c, d] = await Promise.all([serve(['--role', 'api', '--keep-revisions', '2']), serve(['--role', 'api', '--keep-revisions', '2'])]);
  await until('the sweep', 120_000, async () => ((await revisions('kept')).length === 2 ? true : undefined));
  assert.deepEqual((await revisions('kept')).map((r) => r.number), [3, 4]);
  const jobs = (await cluster.db.query<{ n: number }>("SELECT count(*)::int AS n FROM (SELECT id FROM swaglint_jobs.job WHERE name = 'swaglint-retention' UNION ALL SELECT id FROM swaglint_jobs.archive WHERE name = 'swaglint-retention') j")).rows[0]!.n;
  assert.equal(jobs, 1, 'one sweep for both instances');
  assert.match(worker.log(), /retention: removed \d+ revision\(s\)/);
  const audit = (await cluster.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'delete-revision' AND target LIKE '/apis/kept/%'")).rows[0]!.n;
  assert.equal(audit, 2);
  await Promise.all([c.stop(), d.stop()]);
});
