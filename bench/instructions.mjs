#!/usr/bin/env node
// The instructions one cold `swaglint lint FILE` executes, counted by valgrind's callgrind: a figure a
// loaded machine does not move, where wall and CPU times move by ±15% between identical runs. V8 runs
// single-threaded here (`--single-threaded`: it optimises on the main thread when a function gets hot,
// not on a background thread whenever that thread gets a core), so the count is the same run after
// run (0.1–0.3% apart); with the background threads, identical runs counted 3,024–3,134 M on the
// DocuSign document (round eleven). A run with other V8 flags rejects the code caches a normal run
// wrote and writes its own (15–20% more instructions that run), so each build gets a cache directory
// of its own under the work folder, filled by two runs before the counted ones.
// About 100× slower than the run (30–40 s for a 4 MB document); the counts are not times: a cold
// run's interpreted code costs more time per instruction than optimised code.
//   npm run build && node bench/instructions.mjs FILE [--baseline <built checkout>] [--runs 2] [-- lint options]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dash = process.argv.indexOf('--');
const args = process.argv.slice(2, dash === -1 ? undefined : dash);
const lintOptions = dash === -1 ? [] : process.argv.slice(dash + 1);
const value = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: node bench/instructions.mjs FILE [--baseline <built checkout>] [--runs 2] [-- lint options]');
  process.exit(2);
}
const runs = Number(value('runs', 2));
const builds = [['this', path.resolve(here, '..')]];
if (value('baseline')) builds.push(['baseline', path.resolve(value('baseline'))]);
const work = path.join(os.tmpdir(), 'swaglint-bench', 'instructions');
const target = path.resolve(file);

/** One build's environment: its own cache directory, private as the CLI wants it. */
function env(name) {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return { ...process.env, XDG_CACHE_HOME: dir };
}

const lint = (root) => [path.join(root, 'bin', 'swaglint.js'), 'lint', target, ...lintOptions];
for (const [name, root] of builds) {
  // the first writes the caches for these flags, the second checks they are read
  for (let i = 0; i < 2; i++) spawnSync(process.execPath, ['--single-threaded', ...lint(root)], { env: env(name), cwd: path.dirname(target), stdio: 'ignore' });
}
const counts = new Map(builds.map(([name]) => [name, []]));
for (let i = 0; i < runs; i++) {
  for (const [name, root] of builds) {
    const out = spawnSync('valgrind', ['--tool=callgrind', '--smc-check=all-non-file', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', ...lint(root)], { env: env(name), cwd: path.dirname(target), encoding: 'utf8' });
    const collected = /Collected : (\d+)/.exec(out.stderr ?? '');
    if (!collected) throw new Error(`no count from valgrind for ${name}: ${out.error?.message ?? out.stderr?.slice(-300)}`);
    counts.get(name).push(Number(collected[1]));
  }
}
const millions = (n) => `${(n / 1e6).toFixed(0)} M`;
console.log(`${path.basename(target)}${lintOptions.length ? ' ' + lintOptions.join(' ') : ''}: instructions of one cold run, V8 single-threaded, ${runs} run(s) per build`);
for (const [name] of builds) console.log(`${name.padEnd(10)} ${counts.get(name).map(millions).join(', ')}`);
if (builds.length > 1) {
  const min = (name) => Math.min(...counts.get(name));
  console.log(`this / baseline: ${(min('this') / min('baseline')).toFixed(3)} (the lowest of each)`);
}
