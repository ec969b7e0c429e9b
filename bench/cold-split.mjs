#!/usr/bin/env node
// Where one cold `swaglint lint FILE` spends its time, by stage: Node's start and module loading, read
// and parse, positions (offsets to lines and columns, a string's escapes), the engine (walk, reports),
// each rule (schema-valid is the validation), the output, the garbage collector. One process, sampled
// by V8's CPU profiler, each sample given to the innermost frame that names a stage (a rule's own
// Markdown parse is the rule's; a position it asks for is "positions").
// It runs the unbundled modules (dist/src/cli/main.js), whose function and file names the profile
// keeps: their module loading costs more than the CLI bundle's (the bundle is one script with a code
// cache), so compare the start-up row with `node -e 0` against `swaglint lint` on a small document.
// Profiling slows cold code: read the shares, not the milliseconds.
//   npm run build && node bench/cold-split.mjs FILE [--interval 250] [--format json] [--top 12]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stageOf } from './stage-of.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const value = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: node bench/cold-split.mjs FILE [--interval 250] [--format json] [--top 12]');
  process.exit(2);
}
const interval = Number(value('interval', 250));
const top = Number(value('top', 12));
const format = value('format', undefined);

const dir = mkdtempSync(path.join(os.tmpdir(), 'swaglint-cold-split-'));
try {
  // the CLI's own entry without the bundle: the report goes to the descriptor, as bin/swaglint.js sends it
  const entry = path.join(dir, 'entry.mjs');
  writeFileSync(entry, `import { writeSync } from 'node:fs';
import { main } from ${JSON.stringify(pathToFileURL(path.join(here, '..', 'dist', 'src', 'cli', 'main.js')).href)};
const out = (fd) => ({ write: (s) => { writeSync(fd, s); return true; } });
process.exitCode = await main(process.argv.slice(2), { stdout: out(1), stderr: out(2), get stdin() { return process.stdin; }, cwd: () => process.cwd(), env: process.env });
`);
  const lintArgs = ['lint', ...(format ? ['--format', format] : []), path.resolve(file)];
  try {
    execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', String(interval), entry, ...lintArgs], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    if (error.status !== 1) throw error; // 1: findings
  }
  const profileFile = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  report(JSON.parse(readFileSync(path.join(dir, profileFile), 'utf8')));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function report(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // each node's stage, found once: the innermost frame of its stack that names one
  const stageCache = new Map();
  const stageAt = (id) => {
    if (stageCache.has(id)) return stageCache.get(id);
    const node = byId.get(id);
    const own = stageOf(node.callFrame);
    const up = parent.get(id);
    const stage = own ?? (up === undefined ? 'start-up, module loading, idle' : stageAt(up));
    stageCache.set(id, stage);
    return stage;
  };
  const totals = new Map();
  let all = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(profile.samples[i]);
    const stage = node.callFrame.functionName === '(idle)' ? 'idle' : stageAt(profile.samples[i]);
    totals.set(stage, (totals.get(stage) ?? 0) + dt);
    all += dt;
  }
  const rows = [...totals].sort((a, b) => b[1] - a[1]);
  const rules = rows.filter(([s]) => s.startsWith('rule '));
  const shown = rows.filter(([s]) => !s.startsWith('rule '));
  const ruleSum = rules.reduce((s, [, t]) => s + t, 0);
  const line = (label, us) => console.log(`${label.padEnd(48)} ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / all).toFixed(1).padStart(5)}%`);
  console.log(`${path.basename(file)}: one cold run, sampled every ${interval} µs (${(all / 1000).toFixed(0)} ms profiled)`);
  for (const [stage, us] of shown) line(stage, us);
  line(`rules other than schema-valid (${rules.length})`, ruleSum);
  for (const [stage, us] of rules.slice(0, top)) line(`  ${stage}`, us);
}
