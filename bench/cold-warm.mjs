#!/usr/bin/env node
// What a cold `swaglint lint FILE` pays that a warm one does not: the CLI's own `main` (flags, config
// discovery, read, parse, rules, filters, the report) run three times in one process on the same file,
// each run sampled by V8's profiler and its garbage collection timed, stage by stage as
// bench/cold-split.mjs names them. Run 1 is the cold run a user waits for (module loading excluded:
// it happens before, and is timed on its own line); runs 2 and 3 are the same work with the code
// compiled and optimised, so "cold - warm" per stage is what compiling and tiering up cost there.
// Memoised answers (a rule's per-word tables) are warm in runs 2 and 3 too: their share of the
// difference is work a cold run must do anyway, so read the rule rows with that in mind.
// The unbundled modules (dist/src/cli/main.js) keep the names the stages are found by.
// --save DIR writes each run's profile there (run-1.cpuprofile is the cold one), for DevTools.
//   npm run build && node bench/cold-warm.mjs FILE [--format json] [--interval 250] [--top 8] [--save DIR]
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stageOf } from './stage-of.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const value = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: node bench/cold-warm.mjs FILE [--format json] [--interval 250] [--top 8] [--save DIR]');
  process.exit(2);
}
const interval = Number(value('interval', 250));
const top = Number(value('top', 8));
const format = value('format', undefined);
const save = value('save', undefined);
const lintArgs = ['lint', ...(format ? ['--format', format] : []), path.resolve(file)];

let gcMs = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) gcMs += e.duration; }).observe({ entryTypes: ['gc'] });

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval });

const t0 = performance.now();
const { main } = await import(pathToFileURL(path.join(here, '..', 'dist', 'src', 'cli', 'main.js')).href);
const loadMs = performance.now() - t0;

let outBytes = 0;
const sink = { write: (s) => { outBytes += s.length; return true; } };
const io = { stdout: sink, stderr: sink, get stdin() { return process.stdin; }, cwd: () => process.cwd(), env: process.env };
const runs = [];
for (let i = 0; i < 3; i++) {
  outBytes = 0;
  const gcBefore = gcMs;
  await session.post('Profiler.start');
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  await main(lintArgs, io);
  const cpu = process.cpuUsage(cpuStart);
  const wall = performance.now() - start;
  const { profile } = await session.post('Profiler.stop');
  if (save) {
    mkdirSync(save, { recursive: true });
    writeFileSync(path.join(save, `run-${i + 1}.cpuprofile`), JSON.stringify(profile));
  }
  // the observer hears of a collection on a later tick
  await new Promise((resolve) => setTimeout(resolve, 10));
  runs.push({ wall, cpu: (cpu.user + cpu.system) / 1000, gc: gcMs - gcBefore, stages: stages(profile), out: outBytes });
}
session.disconnect();

/** Milliseconds of samples per stage (innermost frame that names one), the rest as "other". */
function stages(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const cache = new Map();
  const stageAt = (id) => {
    if (cache.has(id)) return cache.get(id);
    const own = stageOf(byId.get(id).callFrame);
    const up = parent.get(id);
    const stage = own ?? (up === undefined ? 'other (Node, packages, idle)' : stageAt(up));
    cache.set(id, stage);
    return stage;
  };
  const totals = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const stage = stageAt(profile.samples[i]);
    totals.set(stage, (totals.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return totals;
}

const [cold, ...warm] = runs;
const warmOf = (get) => Math.min(...warm.map(get));
console.log(`${path.basename(file)}${format ? ` --format ${format}` : ''}: module loading ${loadMs.toFixed(0)} ms (unbundled), then three runs of main; report ${cold.out} characters`);
console.log(`${'run'.padEnd(44)} ${'cold'.padStart(8)} ${'warm'.padStart(8)} ${'cold-warm'.padStart(10)}`);
const row = (label, c, w) => console.log(`${label.padEnd(44)} ${c.toFixed(0).padStart(5)} ms ${w.toFixed(0).padStart(5)} ms ${(c - w).toFixed(0).padStart(7)} ms`);
row('wall', cold.wall, warmOf((r) => r.wall));
row('CPU (all threads)', cold.cpu, warmOf((r) => r.cpu));
row('garbage collection (pauses, main thread)', cold.gc, warmOf((r) => r.gc));
console.log('profiled samples by stage (main thread):');
const names = new Set(runs.flatMap((r) => [...r.stages.keys()]));
const rows = [...names].map((name) => ({ name, c: cold.stages.get(name) ?? 0, w: warmOf((r) => r.stages.get(name) ?? 0) }));
const rules = rows.filter((r) => r.name.startsWith('rule '));
const others = rows.filter((r) => !r.name.startsWith('rule ')).sort((a, b) => b.c - a.c);
for (const r of others) row(`  ${r.name}`, r.c, r.w);
row(`  rules other than schema-valid (${rules.length})`, rules.reduce((s, r) => s + r.c, 0), rules.reduce((s, r) => s + r.w, 0));
for (const r of rules.sort((a, b) => b.c - b.w - (a.c - a.w)).slice(0, top)) row(`    ${r.name}`, r.c, r.w);
