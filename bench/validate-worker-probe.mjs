#!/usr/bin/env node
// Lever 3 of issue 41's round nine, measured before building it: what a worker thread that parses a
// large document and runs its schema validation could take off a cold lint's wall time. One fresh
// process per run, interleaved: (a) `lintText` as it is; (b) `lintText` with `schema-valid` off while a
// worker thread, started first, reads and parses the same file and runs the compiled validator on it,
// joined after. (b) is an upper bound of the gain: the real split would also move the errors back and
// explain them on the main thread. Prints medians of the lint's wall time and the process's CPU.
//   npm run build && node bench/validate-worker-probe.mjs FILE [--runs 5]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const file = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? path.join(here, '..', '..', 'shared', 'corpus', 'docusign', 'esignature.rest.swagger-v2.1.json'));
const dist = (p) => pathToFileURL(path.join(here, '..', 'dist', 'src', p)).href;

const worker = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
(async () => {
  const text = readFileSync(workerData.file, 'utf8');
  const doc = JSON.parse(text);
  let valid;
  if (typeof doc.swagger === 'string') {
    const { loadSwagger2Validators } = await import(${JSON.stringify(dist('formats/swagger2/validate/load.js'))});
    valid = (await loadSwagger2Validators()).Document(doc);
  } else {
    const { loadValidators } = await import(${JSON.stringify(dist('formats/openapi3/validators.js'))});
    valid = (await loadValidators())[doc.openapi.slice(0, 3)].document(doc);
  }
  parentPort.postMessage(valid);
})();
`;
const child = `
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
const [mode, file] = process.argv.slice(1);
const start = performance.now();
const w = mode === 'split' ? new Worker(${JSON.stringify(worker)}, { eval: true, execArgv: [], workerData: { file } }) : undefined;
const done = w && new Promise((resolve) => w.once('message', resolve));
const { lintText } = await import(${JSON.stringify(dist('pipeline/lint.js'))});
const text = readFileSync(file, 'utf8');
const r = await lintText(text, file, { cwd: '/', projectRoot: '/', ...(mode === 'split' ? { rules: { 'schema-valid': 'off' } } : {}) });
if (done) await done;
const ms = performance.now() - start;
const cpu = process.cpuUsage();
console.log(JSON.stringify({ ms, cpu: (cpu.user + cpu.system) / 1000, n: r.diagnostics.length }));
await w?.terminate();
`;
const modes = ['whole', 'split'];
const rows = Object.fromEntries(modes.map((m) => [m, []]));
const loads = [loadavg()[0]];
for (let i = 0; i < runs; i++) {
  for (const mode of modes) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', child, mode, file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    rows[mode].push(JSON.parse(r.stdout.trim()));
  }
}
loads.push(loadavg()[0]);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${path.basename(file)}: ${runs} interleaved cold runs each, load ${loads.map((l) => l.toFixed(1)).join(' → ')}`);
for (const mode of modes) {
  const xs = rows[mode];
  console.log(`  ${mode === 'whole' ? 'lint as it is' : 'schema-valid in a worker'}: wall ${median(xs.map((x) => x.ms)).toFixed(0)} ms, CPU ${median(xs.map((x) => x.cpu)).toFixed(0)} ms (${xs[0].n} findings)`);
}
