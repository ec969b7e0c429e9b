#!/usr/bin/env node
// swaglint against Spectral, Redocly CLI and swagger-cli on the same files, runs interleaved, medians
// of wall time and peak memory (max RSS from /usr/bin/time when present, else from wait4 via
// process.resourceUsage of a wrapper). Prints Markdown tables with ratios.
//   node bench/compare.mjs [--runs 5] [--only largest,synth,corpus,cold,scaling]
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const shared = path.resolve(root, '..', 'shared');
const corpus = path.join(shared, 'corpus');
const bin = (name) => path.join(here, 'node_modules', '.bin', name);
const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const runs = Number(opt('runs', '5'));
const only = new Set(opt('only', 'largest,synth,corpus,cold,scaling').split(','));
const work = path.join(os.tmpdir(), 'swaglint-bench');
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function synth(n) {
  const file = path.join(work, `s${n}.yaml`);
  if (!existsSync(file)) execFileSync('python3', [path.join(shared, 'tools', 'synth.py'), String(n), file]);
  return file;
}

const tools = {
  swaglint: (files) => [process.execPath, path.join(root, 'bin', 'swaglint.js'), 'lint', '--format', 'json', '--fail-on', 'never', ...files],
  spectral: (files) => [bin('spectral'), 'lint', '--ruleset', path.join(work, '.spectral.yaml'), '--format', 'json', '--fail-severity', 'error', ...files],
  redocly: (files) => [bin('redocly'), 'lint', '--format', 'json', ...files],
  'swagger-cli': (files) => files.length === 1 ? [bin('swagger-cli'), 'validate', files[0]] : ['sh', '-c', files.map((f) => `${bin('swagger-cli')} validate '${f}' >/dev/null 2>&1`).join('; ') + '; true'],
  'node -e 0': () => [process.execPath, '-e', '0'],
};

/** One run: wall ms and peak RSS in MB. */
function measure(argv) {
  const cmd = gnuTime ? [gnuTime, '-f', '%M', ...argv] : argv;
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', maxBuffer: 1 << 30, cwd: work, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, timeout: 180_000 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const rss = gnuTime ? Number((r.stderr.trim().split('\n').pop() ?? '').trim()) / 1024 : NaN;
  return { ms, rss, timedOut: r.error?.code === 'ETIMEDOUT' };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

function compare(title, files, names) {
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < runs; i++) for (const n of names) samples[n].push(measure(tools[n](files)));
  const rows = names.map((n) => ({ n, ms: median(samples[n].map((s) => s.ms)), rss: median(samples[n].map((s) => s.rss)), timedOut: samples[n].some((s) => s.timedOut) }));
  const ours = rows.find((r) => r.n === 'swaglint');
  console.log(`\n### ${title}\n`);
  console.log('| tool | median wall | ratio to swaglint | peak RSS | RSS ratio |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.n} | ${(r.ms / 1000).toFixed(3)} s${r.timedOut ? ' (timed out)' : ''} | ${(r.ms / ours.ms).toFixed(1)}× | ${r.rss.toFixed(0)} MB | ${(r.rss / ours.rss).toFixed(1)}× |`);
  return rows;
}

console.log(`# swaglint benchmark — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0].model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${runs} interleaved runs each`);
const peers = ['swaglint', 'spectral', 'redocly', 'swagger-cli'];
if (only.has('largest')) compare('Largest corpus document (docusign esignature v2.1, 4.1 MB JSON)', [path.join(corpus, 'docusign', 'esignature.rest.swagger-v2.1.json')], peers);
if (only.has('synth')) compare('Synthetic 2.9 MB YAML (synth.py 2000: 4,000 paths)', [synth(2000)], peers);
if (only.has('corpus')) {
  const docs = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')).filter((c) => !c[7].startsWith('fragment')).map((c) => path.join(corpus, c[0]));
  compare(`Whole corpus (${docs.length} documents, one invocation each tool; swagger-cli one per file)`, docs, peers);
}
if (only.has('cold')) compare('Cold start on a small document (fixtures/samples/orders.yaml)', [path.join(root, 'fixtures', 'samples', 'orders.yaml')], ['swaglint', 'node -e 0']);
if (only.has('scaling')) {
  console.log('\n### Scaling (swaglint alone)\n');
  console.log('| collections | paths | size | median wall | step ratio |');
  console.log('|---|---|---|---|---|');
  let prev;
  for (const n of [1000, 4000, 16000, 30000]) {
    const file = synth(n);
    const ms = median(Array.from({ length: Math.max(3, Math.min(runs, 5)) }, () => measure(tools.swaglint([file])).ms));
    const mb = (readFileSync(file).length / 2 ** 20).toFixed(1);
    console.log(`| ${n} | ${2 * n} | ${mb} MB | ${(ms / 1000).toFixed(2)} s | ${prev && n === prev.n * 4 ? (ms / prev.ms).toFixed(2) + '×' : ''} |`);
    prev = { n, ms };
  }
}
