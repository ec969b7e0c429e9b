#!/usr/bin/env node
// How a multi-file API's cost grows with its number of files: generates OpenAPI 3.0 APIs of N path
// files and N schema files (each path file names its schema, a shared error schema and a shared
// parameter; each schema names the next, so the crawl goes N levels deep as well as wide), then times,
// for each size, the loader alone (`resolveDocument`, in a fresh process) and a cold `swaglint lint`
// (bin/swaglint.js, default output), interleaved, medians. Time per file should stay flat: a rise
// with N is work quadratic in files or `$ref`s. Also counts, with --count, how many times each file
// is read, stat'd, real-pathed and parsed in one lint (each should be once).
//   npm run build && node bench/multi-file.mjs [--sizes 100,250,500] [--runs 3] [--bin bin/swaglint.js] [--count]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const value = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const sizes = value('sizes', '100,250,500').split(',').map(Number);
const runs = Number(value('runs', 3));
const bin = path.resolve(value('bin', path.join(here, '..', 'bin', 'swaglint.js')));
const loader = pathToFileURL(path.join(path.dirname(bin), '..', 'dist', 'src', 'load', 'load.js')).href;
const sourceModule = pathToFileURL(path.join(path.dirname(bin), '..', 'dist', 'src', 'load', 'source.js')).href;
const timeBin = '/usr/bin/time';

/** Writes an API of `n` path files and `n` schema files under `dir`; the root's path. */
export function generate(dir, n) {
  // a repository of its own: the project whose files the `$ref`s may read
  for (const sub of ['.git', 'paths', 'schemas', 'common']) mkdirSync(path.join(dir, sub), { recursive: true });
  const root = ['openapi: 3.0.3', 'info:', '  title: Generated multi-file API', '  version: 1.0.0', '  description: A generated API, one file per path and per schema.', 'paths:'];
  for (let i = 0; i < n; i++) root.push(`  /items${i}/{itemId}:`, `    $ref: './paths/item${i}.yaml'`);
  root.push('components:', '  schemas:');
  for (let i = 0; i < n; i++) root.push(`    Item${i}:`, `      $ref: './schemas/Item${i}.yaml'`);
  writeFileSync(path.join(dir, 'openapi.yaml'), root.join('\n') + '\n');
  for (let i = 0; i < n; i++) {
    writeFileSync(path.join(dir, 'paths', `item${i}.yaml`), `parameters:
  - $ref: '../common/ItemId.yaml'
get:
  operationId: getItem${i}
  summary: Returns item ${i}.
  description: Returns one item of collection ${i}, by its identifier.
  tags: [items]
  responses:
    '200':
      description: The item.
      content:
        application/json:
          schema:
            $ref: '../schemas/Item${i}.yaml'
    '404':
      description: No such item.
      content:
        application/json:
          schema:
            $ref: '../common/Error.yaml'
`);
    writeFileSync(path.join(dir, 'schemas', `Item${i}.yaml`), `type: object
description: Item ${i}, with a link to the next kind.
required: [id, name]
properties:
  id:
    type: string
    description: The identifier.
  name:
    type: string
    description: A name to show.
  count:
    type: integer
    minimum: 0
  next:
    $ref: './Item${(i + 1) % n}.yaml'
`);
  }
  writeFileSync(path.join(dir, 'common', 'ItemId.yaml'), 'name: itemId\nin: path\nrequired: true\ndescription: The identifier.\nschema:\n  type: string\n');
  writeFileSync(path.join(dir, 'common', 'Error.yaml'), 'type: object\ndescription: An error.\nproperties:\n  message:\n    type: string\n    description: What went wrong.\n');
  return path.join(dir, 'openapi.yaml');
}

/** CPU (user + sys) and wall seconds and peak RSS (MB) of one cold process. */
function timed(argv) {
  if (existsSync(timeBin)) {
    const r = spawnSync(timeBin, ['-f', '%U %S %e %M', ...argv], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    const [u, s, e, m] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
    return { cpu: u + s, wall: e, rss: m / 1024 };
  }
  const t = performance.now();
  spawnSync(argv[0], argv.slice(1), { stdio: 'ignore' });
  return { cpu: NaN, wall: (performance.now() - t) / 1000, rss: NaN };
}

/** The loader alone in a fresh process: ms of `resolveDocument` (the root's parse is not in it). */
function loadMs(root) {
  const child = `const { parseSource } = await import(${JSON.stringify(sourceModule)});
const { resolveDocument } = await import(${JSON.stringify(loader)});
const { readFileSync } = await import('node:fs');
const root = parseSource(readFileSync(process.argv[1], 'utf8'), process.argv[1]).source;
const t = performance.now();
const doc = await resolveDocument(root, { cwd: process.cwd() });
const ms = performance.now() - t;
if (doc.failures.size > 0) throw new Error('unexpected failures: ' + [...doc.failures.values()].map((f) => f.message).join('; '));
process.stdout.write(JSON.stringify({ ms, files: doc.sources.size }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child, root], { encoding: 'utf8' }));
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };

const dir = mkdtempSync(path.join(os.tmpdir(), 'swaglint-multi-file-'));
try {
  const roots = sizes.map((n) => ({ n, root: generate(path.join(dir, `api${n}`), n) }));
  if (args.includes('--count')) {
    // one lint of the largest, with every read, stat, real path and parse counted by file
    const counter = path.join(dir, 'count.mjs');
    writeFileSync(counter, `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const counts = {};
const bump = (k, f) => { const m = (counts[k] ??= new Map()); m.set(String(f), (m.get(String(f)) ?? 0) + 1); };
for (const name of ['readFileSync', 'statSync', 'lstatSync', 'openSync', 'readdirSync']) {
  const orig = fs[name];
  fs[name] = function (p, ...rest) { bump(name, p); return orig.call(this, p, ...rest); };
}
const native = fs.realpathSync.native;
fs.realpathSync.native = (p, ...rest) => { bump('realpath', p); return native(p, ...rest); };
syncBuiltinESMExports();
const yaml = (await import(${JSON.stringify(pathToFileURL(path.join(path.dirname(bin), '..', 'node_modules', 'js-yaml', 'dist', 'js-yaml.mjs')).href)})).default;
const load = yaml.load;
yaml.load = (text, options) => { bump('parse (js-yaml)', options?.filename ?? '(a key)'); return load(text, options); };
process.on('exit', () => {
  for (const [k, m] of Object.entries(counts)) {
    const calls = [...m.values()];
    process.stderr.write(k.padEnd(16) + String(m.size).padStart(6) + ' files, ' + String(calls.reduce((a, b) => a + b, 0)).padStart(6) + ' calls, at most ' + Math.max(...calls) + ' for one file\\n');
  }
});
`);
    const { n, root } = roots[roots.length - 1];
    const entry = path.join(dir, 'entry.mjs');
    writeFileSync(entry, `import { main } from ${JSON.stringify(pathToFileURL(path.join(path.dirname(bin), '..', 'dist', 'src', 'cli', 'main.js')).href)};
const quiet = { write: () => true };
process.exitCode = await main(process.argv.slice(2), { stdout: quiet, stderr: quiet, get stdin() { return process.stdin; }, cwd: () => process.cwd(), env: process.env });`);
    console.log(`one lint of the ${2 * n + 3}-file API (N = ${n}), unbundled, each file's calls:`);
    spawnSync(process.execPath, ['--import', counter, entry, 'lint', root], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const rows = roots.map(({ n }) => ({ n, load: [], lint: [] }));
  for (let r = 0; r < runs; r++) {
    for (const [i, { root }] of roots.entries()) {
      rows[i].load.push(loadMs(root).ms);
      rows[i].lint.push(timed([process.execPath, bin, 'lint', root]));
    }
  }
  console.log(`load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; medians of ${runs}, interleaved`);
  console.log('| N (files) | resolveDocument | per file | lint wall / CPU | CPU per file | peak RSS |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const files = 2 * row.n + 2; // the files the root names
    const load = median(row.load);
    const wall = median(row.lint.map((t) => t.wall));
    const cpu = median(row.lint.map((t) => t.cpu));
    console.log(`| ${row.n} (${files + 1}) | ${load.toFixed(0)} ms | ${((1000 * load) / files).toFixed(0)} µs | ${wall.toFixed(2)} / ${cpu.toFixed(2)} s | ${((1e6 * cpu) / files).toFixed(0)} µs | ${median(row.lint.map((t) => t.rss)).toFixed(0)} MB |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
