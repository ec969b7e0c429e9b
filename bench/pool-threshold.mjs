#!/usr/bin/env node
// Where the CLI's many-file pool (src/cli/lint-pool.ts, `minFilesForWorkers`) starts to pay: the same
// first N files linted in one `swaglint lint` by two builds, one whose pool starts at 2 files and one
// whose pool never starts (the constant patched in a copy of each bundle), interleaved, cold (a fresh
// process per run), wall and CPU (user + system, workers included) from /usr/bin/time. Needs
// /usr/bin/time and two built copies; warm each copy's code cache with one run first.
//   node bench/pool-threshold.mjs --on <built copy> --off <built copy> [--counts 2,3,4,6] [--runs 5] FILE...
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const args = process.argv.slice(2);
const value = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const flags = new Set(['--on', '--off', '--counts', '--runs']);
const files = args.filter((a, i) => !a.startsWith('--') && !flags.has(args[i - 1]));
const on = value('on');
const off = value('off');
if (!on || !off || files.length === 0) {
  console.error('usage: node bench/pool-threshold.mjs --on <built copy> --off <built copy> [--counts 2,3,4,6] [--runs 5] FILE...');
  process.exit(2);
}
const counts = value('counts', '2,3,4,6').split(',').map(Number);
const runs = Number(value('runs', 5));

/** One cold run: wall and CPU seconds, as /usr/bin/time reports them. */
function run(root, list) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, path.join(root, 'bin', 'swaglint.js'), 'lint', '--format', 'json', ...list], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const last = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  if (last.length !== 3 || last.some(Number.isNaN)) throw new Error(`no timing: ${r.stderr.slice(-400)}`);
  return { wall: last[0], cpu: last[1] + last[2], out: r.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log('| files | pool: wall / CPU | no pool: wall / CPU | pool / no pool, wall |');
console.log('|---|---|---|---|');
for (const n of counts) {
  const list = files.slice(0, n);
  const t = { on: { wall: [], cpu: [] }, off: { wall: [], cpu: [] } };
  for (let i = 0; i < runs; i++) {
    // alternate which goes first, so neither always runs after the other
    for (const which of i % 2 === 0 ? ['on', 'off'] : ['off', 'on']) {
      const r = run(which === 'on' ? on : off, list);
      t[which].wall.push(r.wall);
      t[which].cpu.push(r.cpu);
    }
  }
  const f = (x) => `${median(x.wall).toFixed(2)} / ${median(x.cpu).toFixed(2)} s`;
  console.log(`| ${n} | ${f(t.on)} | ${f(t.off)} | ${(median(t.on.wall) / median(t.off.wall)).toFixed(2)} |`);
}
