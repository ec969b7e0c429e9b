#!/usr/bin/env node
// The revision page under load: publishes the corpus's largest JSON document (DocuSign's eSignature
// API, 4.1 MB) with every rule on (preset all), then requests its revision page from several clients
// at once, page after page, while a probe asks /health every 50 ms. Prints the page and /health
// latencies. A bench, not a test: the figures are the machine's. Build first (node scripts/build.js).
//
//   node packages/server/bench/serve-load.mjs [--clients 8] [--seconds 20] [--corpus ../shared/corpus]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { clients: { type: 'string', default: '8' }, seconds: { type: 'string', default: '20' }, corpus: { type: 'string' } } });
const corpus = path.resolve(values.corpus ?? path.join(here, '..', '..', '..', '..', 'shared', 'corpus'));
const cli = path.join(here, '..', '..', '..', 'bin', 'swaglint.js');

/** The manifest's largest JSON document. */
function largestJson() {
  const rows = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
  const [file] = rows.filter((r) => r[5] === 'json').sort((a, b) => Number(b[4]) - Number(a[4]))[0];
  return { name: path.basename(file), text: readFileSync(path.join(corpus, file), 'utf8') };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `n=${sorted.length} p50=${percentile(sorted, 50).toFixed(0)} ms p95=${percentile(sorted, 95).toFixed(0)} ms max=${sorted[sorted.length - 1].toFixed(0)} ms`;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'swaglint-bench-'));
// the service in its own process, as it runs: the clients' own work stays out of its event loop
const made = spawnSync(process.execPath, [cli, 'serve', '--data', dataDir, '--create-token', 'bench', '--role', 'publisher', '--role', 'reader', '--role', 'ruleset-admin'], { encoding: 'utf8' });
if (made.status !== 0) throw new Error(made.stderr);
const token = made.stdout.trim();
const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []), cli, 'serve', '--data', dataDir, '--listen', '127.0.0.1:0', '--max-body', '64', '--lint-timeout', '300', '--lint-concurrency', '1', '--rate-limit', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
let log = '';
const serviceUrl = await new Promise((resolve, reject) => {
  server.stderr.on('data', (chunk) => {
    log += chunk.toString();
    const m = /listening on (http:\/\/\S+),/.exec(log);
    if (m) resolve(m[1]);
  });
  server.once('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)));
});
const service = { url: serviceUrl };
try {
  const call = async (method, route, body) => {
    const started = performance.now();
    const response = await fetch(new URL(route, service.url), { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
    return { ms: performance.now() - started, text };
  };
  await call('PUT', '/rulesets/default?api-version=1.0', { preset: 'all' });
  const document = largestJson();
  const published = await call('POST', '/apis/docusign/revisions?api-version=1.0', { root: document.name, files: { [document.name]: document.text } });
  const revision = JSON.parse(published.text);
  const total = revision.errors + revision.warnings + revision.infos + revision.hints;
  const pages = Math.ceil(total / 100);
  console.log(`${document.name}: ${(document.text.length / 1e6).toFixed(1)} MB, ${total} findings (${pages} pages), published and linted in ${(published.ms / 1000).toFixed(1)} s`);

  const until = performance.now() + Number(values.seconds) * 1000;
  const pageTimes = [];
  const healthTimes = [];
  // the first view of a page renders it (code frames from the line table); later views are served as rendered
  const firstTimes = [];
  const asked = new Set();
  const client = async (offset) => {
    for (let i = offset; performance.now() < until; i++) {
      const page = (i % pages) + 1;
      const first = !asked.has(page);
      asked.add(page);
      const { ms } = await call('GET', `/ui/apis/docusign/revisions/1?page=${page}`);
      (first ? firstTimes : pageTimes).push(ms);
    }
  };
  const probe = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(new URL('/health', service.url));
      await response.text();
      healthTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all([probe(), ...Array.from({ length: Number(values.clients) }, (_, i) => client(i))]);
  console.log(`revision page, first view of each of the ${pages} pages (rendered), under the same load: ${summary(firstTimes)} (target < 2000 ms)`);
  console.log(`revision page, ${values.clients} clients at once for ${values.seconds} s, later views: ${summary(pageTimes)} (target < 2000 ms)`);
  console.log(`/health meanwhile: ${summary(healthTimes)} (target < 100 ms)`);
  // the service's own log line per request: from its arrival to its answer, without the client's side
  const inside = [...log.matchAll(/ GET \/health 200 (\d+)ms /g)].map((m) => Number(m[1]));
  console.log(`/health inside the service (its request log): ${summary(inside)}`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
