#!/usr/bin/env node
// The lint service as a platform team runs it on PostgreSQL (issue 40): two API instances
// (`serve --role api`) and lint worker processes (`serve --role worker`) on one PostgreSQL server,
// clients publishing 1–4 MB Swagger 2.0 documents for a while, a probe asking each instance's
// /health/ready, and kills scripted: a worker killed with -9 and started again, then an API
// instance killed with -9 and started again. A client whose instance died, or that was answered 503,
// publishes again with the same Idempotency-Key to the other instance (as `swaglint lint --publish`
// does); one answered 202 waits for its revision to appear before its next publish, as a CI job that
// needs it would, so each client has at most one job queued. At the end it waits for the jobs still running, then checks the database: every publish
// answered 2xx is stored once, none twice; and no answer was a 5xx other than 503 with Retry-After.
// A bench, not a test (test/queue-load.test.ts runs it short): the figures are the machine's.
// Build first (node scripts/build.js).
//
//   node packages/server/bench/queue-load.mjs [--seconds 60] [--clients 16] [--workers 2]
//     [--min-mb 1] [--max-mb 4] [--no-kills] [--lint-timeout 120] [--database postgres://...]
//     [--profile DIR] [--thread-nice N] [--json]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    clients: { type: 'string', default: '16' },
    workers: { type: 'string', default: '2' },
    'min-mb': { type: 'string', default: '1' },
    'max-mb': { type: 'string', default: '4' },
    'no-kills': { type: 'boolean', default: false },
    'lint-timeout': { type: 'string', default: '120' },
    database: { type: 'string' },
    // API instance 1 writes a CPU profile (--cpu-prof) into this folder when it stops
    profile: { type: 'string' },
    // the nice value of the serve processes' lint and publish-reader threads (their default: 10)
    'thread-nice': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const workerCount = Number(values.workers);
const cli = path.join(here, '..', '..', '..', 'bin', 'swaglint.js');
const say = (line) => (values.json ? process.stderr : process.stdout).write(`${line}\n`);

/** A Swagger 2.0 document of about `mb` MB: paths with two operations and a definition each. */
function documentOf(mb, title) {
  const doc = { swagger: '2.0', info: { title, version: '1.0' }, host: 'api.example.com', basePath: '/', schemes: ['https'], paths: {}, definitions: {} };
  const paths = Math.round((mb * 1e6) / 1100);
  for (let i = 0; i < paths; i++) {
    doc.definitions[`Thing${i}`] = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' }, count: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } };
    const id = { name: 'thingId', in: 'path', required: true, type: 'string' };
    doc.paths[`/things${i}/{thingId}`] = {
      get: { operationId: `getThing${i}`, parameters: [id, { name: 'expand', in: 'query', type: 'string' }], responses: { 200: { description: 'ok', schema: { $ref: `#/definitions/Thing${i}` } } } },
      put: { parameters: [id, { name: 'body', in: 'body', schema: { $ref: `#/definitions/Thing${i}` } }], responses: { 200: { description: 'ok' } } },
    };
  }
  return JSON.stringify(doc, null, 1);
}

const sizes = [0, 1, 2, 3].map((i) => Number(values['min-mb']) + ((Number(values['max-mb']) - Number(values['min-mb'])) * i) / 3);
const bodies = sizes.map((mb, i) => JSON.stringify({ root: 'api.json', files: { 'api.json': documentOf(mb, `bench ${i}`) } }));

let cluster;
let databaseUrl = values.database;
if (!databaseUrl) {
  const { startCluster } = await import('../dist/test/helpers/postgres.js');
  cluster = await startCluster();
  databaseUrl = cluster.url;
}

// whatever ends this run (a failure included) takes its processes and its cluster along
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  try {
    cluster?.stop();
  } catch {
    // stopped already
  }
});

/** `swaglint serve` on the database; resolves with its address (an API) once it has started. */
async function serve(args, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, cli, 'serve', '--database', 'env:BENCH_DATABASE', '--listen', '127.0.0.1:0', '--max-body', '16', '--rate-limit', '0', '--lint-timeout', values['lint-timeout'], ...(values['thread-nice'] ? ['--thread-nice', values['thread-nice']] : []), ...args], {
    env: { ...process.env, BENCH_DATABASE: databaseUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let log = '';
  const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => children.delete(child));
  const base = await new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      log += chunk.toString();
      const m = /listening on (http:\/\/\S+),/.exec(log);
      if (m) resolve(m[1]);
      else if (/lint worker \(/.test(log)) resolve(undefined);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)));
  });
  return { child, base, exited, log: () => log };
}

const made = spawnSync(process.execPath, [cli, 'serve', '--database', databaseUrl, '--create-token', 'bench', '--role', 'publisher', '--role', 'reader'], { encoding: 'utf8' });
if (made.status !== 0) throw new Error(made.stderr);
const token = made.stdout.trim();

const apiArgs = ['--role', 'api', '--publish-wait', '30'];
const workerArgs = ['--role', 'worker', '--lint-concurrency', '1'];
const profileArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values.profile)] : [];
const apis = await Promise.all([serve(apiArgs, profileArgs), serve(apiArgs)]);
const workers = await Promise.all(Array.from({ length: workerCount }, () => serve(workerArgs)));
const loadBefore = loadavg()[0];

const statuses = new Map();
const badAnswers = [];
const publishTimes = [];
/** From a publish to its revision stored, 202s included. */
const storedTimes = [];
const acceptedKeys = new Set();
const probeTimes = [];
let probeFailures = 0;
let retries = 0;
const events = [];
const started = performance.now();
const until = started + seconds * 1000;
const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);

async function post(base, api, body, key) {
  const response = await fetch(`${base}/apis/${api}/revisions?api-version=1.0`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body,
    signal: AbortSignal.timeout(600_000),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text };
}

/** One publish, retried with its key on the other instance after a lost connection or a 503, as the CLI does. */
async function publish(client, n) {
  const key = randomUUID();
  const body = bodies[n % bodies.length];
  const api = `bench-${client % 4}`;
  const t0 = performance.now();
  for (let attempt = 0; attempt < 8; attempt++) {
    const instance = apis[(client + attempt) % 2];
    try {
      const answer = await post(instance.base, api, body, key);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500 && !(answer.status === 503 && answer.retryAfter)) badAnswers.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      if (answer.status === 503) {
        retries++;
        await new Promise((resolve) => setTimeout(resolve, Math.min(5, Number(answer.retryAfter) || 1) * 1000 * Math.random()));
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) {
        acceptedKeys.add(key);
        if (answer.status === 201 || answer.status === 200) publishTimes.push(performance.now() - t0);
        // a CI job that waits for its revision: the load stays closed, at most one job a client
        else await appeared(JSON.parse(answer.text).location);
        storedTimes.push(performance.now() - t0);
        return;
      }
      badAnswers.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      return;
    } catch {
      // the instance died (a scripted kill): the same publish to the other
      retries++;
      await new Promise((resolve) => setTimeout(resolve, 500 * Math.random()));
    }
  }
  badAnswers.push(`gave up on ${key} after 8 attempts`);
}

/** Polls a 202's revision URL, on either instance, until the revision is there. */
async function appeared(location) {
  for (let i = 0; i < 1200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      const response = await fetch(`${apis[i % 2].base}${location}?api-version=1.0`, { headers: { authorization: `Bearer ${token}` } });
      await response.text();
      if (response.status === 200) return;
    } catch {
      // that instance is being restarted
    }
  }
  badAnswers.push(`${location} never appeared`);
}

async function client(i) {
  for (let n = i; performance.now() < until; n++) await publish(i, n);
}

/**
 * The readiness probe, in a worker thread: its own event loop, so the clients' uploads in this
 * process do not hold its timer or its answers (a load balancer's probe is another machine's).
 */
function startProbe() {
  const probe = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const times = []; let failures = 0; let bases = workerData.bases; let stop = false;
     parentPort.on('message', (m) => { if (m === 'stop') stop = true; else bases = m; });
     (async () => {
       while (!stop) {
         for (const base of bases) {
           const t0 = performance.now();
           try {
             const response = await fetch(base + '/health/ready', { signal: AbortSignal.timeout(10000) });
             await response.text();
             if (response.status === 200) times.push(performance.now() - t0); else failures++;
           } catch { failures++; }
         }
         await new Promise((resolve) => setTimeout(resolve, 250));
       }
       parentPort.postMessage({ times, failures });
     })();`,
    { eval: true, workerData: { bases: apis.map((a) => a.base) } },
  );
  return {
    update: () => probe.postMessage(apis.map((a) => a.base)),
    stop: () =>
      new Promise((resolve) => {
        probe.once('message', (m) => {
          probeTimes.push(...m.times);
          probeFailures += m.failures;
          void probe.terminate(); // its message listener would keep this process alive
          resolve();
        });
        probe.postMessage('stop');
      }),
  };
}

/** The service's own time for /health/ready (its histogram): the share answered within 100 ms. */
async function serverReadyShare() {
  let within = 0;
  let count = 0;
  for (const instance of apis) {
    const text = await (await fetch(`${instance.base}/metrics`)).text();
    const bucket = /swaglint_http_request_duration_seconds_bucket\{le="0\.1",route="\/health\/ready"\} (\d+)/.exec(text);
    const total = /swaglint_http_request_duration_seconds_count\{route="\/health\/ready"\} (\d+)/.exec(text);
    within += Number(bucket?.[1] ?? 0);
    count += Number(total?.[1] ?? 0);
  }
  return { within, count };
}

/** The kills: worker 1 with -9 at 30 % of the time, API instance 2 with -9 at 60 %; each back 3 s later. */
async function kills() {
  if (values['no-kills']) return;
  const at = async (fraction) => {
    const wait = started + seconds * 1000 * fraction - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  await at(0.3);
  workers[0].child.kill('SIGKILL');
  await workers[0].exited;
  events.push(`${elapsed()} s: worker 1 killed (-9)`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  workers[0] = await serve(workerArgs);
  events.push(`${elapsed()} s: worker 1 started again`);
  await at(0.6);
  apis[1].child.kill('SIGKILL');
  await apis[1].exited;
  events.push(`${elapsed()} s: API instance 2 killed (-9)`);
  const old = apis[1];
  // its clients go to instance 1 meanwhile: a dead address refuses at once
  await new Promise((resolve) => setTimeout(resolve, 3000));
  apis[1] = await serve(apiArgs);
  events.push(`${elapsed()} s: API instance 2 started again`);
  void old;
}

/**
 * API instance 1's event-loop delay (prom-client's monitorEventLoopDelay, reset at each scrape): the
 * instance that is never killed, read once before the load (a reset) and once after it.
 */
async function loopDelay() {
  const text = await (await fetch(`${apis[0].base}/metrics`)).text();
  const read = (name) => Number(new RegExp(`^swaglint_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p50: read('p50'), p99: read('p99'), max: read('max') };
}

await loopDelay();
const probe = startProbe();
await Promise.all([...Array.from({ length: clients }, (_, i) => client(i)), kills().then(() => probe.update())]);
await probe.stop();
const loadSeconds = (performance.now() - started) / 1000;
// before the histogram's scrape below, which resets the delay too
const apiLoop = await loopDelay();
const serverReady = await serverReadyShare();

// the jobs answered 202, and those of a killed worker, finish after the load: wait for them
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const settleStart = performance.now();
for (;;) {
  const { rows } = await db.query('SELECT count(*)::int AS n FROM lint_jobs WHERE finished_at IS NULL AND cancelled_at IS NULL');
  if (rows[0].n === 0 || performance.now() - settleStart > 600_000) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const settled = (performance.now() - settleStart) / 1000;
const stored = (await db.query('SELECT idempotency_key, count(*)::int AS n, min(published_at) AS first FROM revisions WHERE api_id LIKE $1 GROUP BY idempotency_key', ['bench-%'])).rows;
const storedKeys = new Map(stored.map((r) => [r.idempotency_key, r.n]));
const lost = [...acceptedKeys].filter((k) => !storedKeys.has(k));
const doubled = stored.filter((r) => r.n > 1).length;
const unasked = stored.filter((r) => !acceptedKeys.has(r.idempotency_key)).length;
const inLoad = (await db.query('SELECT count(*)::int AS n FROM revisions WHERE api_id LIKE $1 AND published_at <= to_timestamp($2)', ['bench-%', (Date.now() - settled * 1000) / 1000])).rows[0].n;
const findings = (await db.query('SELECT count(*)::int AS n FROM findings WHERE api_id LIKE $1', ['bench-%'])).rows[0].n;
// publish bodies still stored once every job has ended: those of publishes whose instance was killed
// before it queued them (the workers' sweep takes them after 15 minutes); any other is a leak
const bodiesLeft = (await db.query('SELECT count(*)::int AS n FROM publish_bodies')).rows[0].n;
await db.end();

for (const p of [...apis, ...workers]) {
  p.child.kill('SIGTERM');
  await p.exited;
}
cluster?.stop();
cluster = undefined;

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const result = {
  seconds: loadSeconds,
  clients,
  workers: workerCount,
  documentsMb: sizes.map((s) => Number(s.toFixed(2))),
  kills: events,
  statuses: Object.fromEntries(statuses),
  retries,
  acceptedPublishes: acceptedKeys.size,
  storedInLoad: inLoad,
  throughputPerMinute: (inLoad / loadSeconds) * 60,
  stored: stored.length,
  findings,
  lost: lost.length,
  doubled,
  storedUnanswered: unasked,
  bodiesLeft,
  badAnswers,
  settleSeconds: settled,
  publishP50Ms: pct(publishTimes, 50),
  publishP99Ms: pct(publishTimes, 99),
  storedP50Ms: pct(storedTimes, 50),
  storedP99Ms: pct(storedTimes, 99),
  readyN: probeTimes.length,
  readyP50Ms: pct(probeTimes, 50),
  readyP99Ms: pct(probeTimes, 99),
  readyFailures: probeFailures,
  readyServerWithin100ms: serverReady.within,
  readyServerCount: serverReady.count,
  apiLoopDelayMs: apiLoop,
  threadNice: values['thread-nice'] ?? 'default',
  loadAverageBefore: loadBefore,
  loadAverageAfter: loadavg()[0],
};
if (values.json) process.stdout.write(JSON.stringify(result) + '\n');
else {
  say(`${clients} clients, ${workerCount} worker process(es), 2 API instances, ${loadSeconds.toFixed(0)} s, documents of ${result.documentsMb.join(', ')} MB, thread nice ${result.threadNice}`);
  for (const e of events) say(`  ${e}`);
  say(`answers: ${JSON.stringify(result.statuses)}, ${retries} retries; bad answers (5xx other than 503 with Retry-After, 4xx, give-ups): ${badAnswers.length}`);
  say(`publishes answered 2xx: ${acceptedKeys.size}; revisions stored: ${stored.length} (${inLoad} during the load: ${result.throughputPerMinute.toFixed(1)} a minute; the rest within ${settled.toFixed(0)} s after), ${findings} findings; lost ${lost.length}, doubled ${doubled}, stored for no 2xx answer ${unasked}; publish bodies left ${bodiesLeft}`);
  say(`publish answered 201/200: p50 ${(result.publishP50Ms / 1000).toFixed(1)} s, p99 ${(result.publishP99Ms / 1000).toFixed(1)} s (n=${publishTimes.length}); answered 202: ${statuses.get(202) ?? 0}; publish to revision stored, 202s included: p50 ${(result.storedP50Ms / 1000).toFixed(1)} s, p99 ${(result.storedP99Ms / 1000).toFixed(1)} s`);
  say(`/health/ready at the probe: p50 ${result.readyP50Ms.toFixed(0)} ms, p99 ${result.readyP99Ms.toFixed(0)} ms (n=${probeTimes.length}; ${probeFailures} failed, the killed instance's); in the service's own histogram ${serverReady.within} of ${serverReady.count} within 100 ms`);
  say(`API instance 1's event-loop delay during the load: p50 ${apiLoop.p50.toFixed(0)} ms, p99 ${apiLoop.p99.toFixed(0)} ms, max ${apiLoop.max.toFixed(0)} ms`);
  say(`load average (1 min) before ${loadBefore.toFixed(1)}, after ${result.loadAverageAfter.toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores`);
}
process.exitCode = badAnswers.length === 0 && lost.length === 0 && doubled === 0 ? 0 : 1;
