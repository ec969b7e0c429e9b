#!/usr/bin/env node
// What a second thread costs the lint thread, cold: one fresh process per run lints FILE through the
// library (a) alone, (b) beside a worker thread that only spins, (c) beside an idle worker, interleaved.
// A lint does not use one core only: V8 compiles optimized code and collects garbage on background
// threads. Where a busy second thread slows this one by more than the work it takes over, moving work
// (a rule's Markdown parse, say) to a worker thread loses time on that machine: measure before
// splitting a single document's lint across threads.
//   npm run build && node bench/second-core.mjs [FILE] [--runs 7]
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 7) || 7;
const file = path.resolve(args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? path.join(here, '..', '..', 'shared', 'corpus', 'docusign', 'esignature.rest.swagger-v2.1.json'));
const lint = pathToFileURL(path.join(here, '..', 'dist', 'src', 'lint', 'lint.js')).href;

// the child: start the companion thread, let it get going, then time one lint
const child = `
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
const mode = process.argv[1];
const worker = mode === 'spin' ? new Worker('const s = Date.now(); while (Date.now() - s < 20000);', { eval: true })
  : mode === 'idle' ? new Worker('setTimeout(() => {}, 20000)', { eval: true }) : undefined;
const { lintText } = await import(${JSON.stringify(lint)});
const text = readFileSync(${JSON.stringify(file)}, 'utf8');
await new Promise((resolve) => setTimeout(resolve, 100));
const start = performance.now();
await lintText(text, ${JSON.stringify(file)}, { cwd: '/', projectRoot: '/' });
console.log(performance.now() - start);
await worker?.terminate();
`;

const modes = ['alone', 'spin', 'idle'];
const times = Object.fromEntries(modes.map((m) => [m, []]));
for (let i = 0; i < runs; i++) {
  for (const mode of modes) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', child, mode], { encoding: 'utf8' });
    if (r.status !== 0) {
      console.error(r.stderr);
      process.exit(1);
    }
    times[mode].push(Number(r.stdout.trim()));
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${path.basename(file)}, ${runs} cold runs each, ${availableParallelism()} cores: the lint's median time`);
for (const mode of modes) {
  const m = median(times[mode]);
  const label = { alone: 'alone', spin: 'beside a spinning worker thread', idle: 'beside an idle worker thread' }[mode];
  console.log(`  ${label.padEnd(32)} ${m.toFixed(0).padStart(5)} ms  ${(m / median(times.alone)).toFixed(2)}×`);
}
