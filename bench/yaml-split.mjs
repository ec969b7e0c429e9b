#!/usr/bin/env node
// What reading a YAML document costs beyond js-yaml itself: js-yaml's core schema without a listener
// (the floor: the value and nothing else), the same with an empty listener (the hook's own calls), and
// swaglint's parseYaml (the listener's frame table, the first-character scalar resolver, index keys
// kept sparse). Each parse is timed alone in a fresh process, as a cold `swaglint lint` parses (most of
// a cold parse is js-yaml running before V8 has optimised it), the three interleaved; then warm, in one
// process with a collection before each. CPU is user + sys of the parse call (V8's compiler threads
// included). Several files (a multi-file API's) are parsed one after another in each process.
//   npm run build && node bench/yaml-split.mjs FILE [FILE...] [--runs 7]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 7 : Number(args[runsAt + 1]);
const files = args.filter((a, i) => !a.startsWith('--') && i !== runsAt + 1).map((f) => path.resolve(f));
if (files.length === 0) {
  console.error('usage: node bench/yaml-split.mjs FILE [FILE...] [--runs 7]');
  process.exit(2);
}
const jsYaml = pathToFileURL(path.join(here, '..', 'node_modules', 'js-yaml', 'dist', 'js-yaml.mjs')).href;
const parser = pathToFileURL(path.join(here, '..', 'dist', 'src', 'load', 'parse-yaml.js')).href;

// one child: reads the files, then times `modes` (each once, or `rounds` times warm), printing JSON
const child = `
import { readFileSync } from 'node:fs';
const yaml = (await import(${JSON.stringify(jsYaml)})).default;
const { parseYaml } = await import(${JSON.stringify(parser)});
const [modes, rounds, ...files] = process.argv.slice(1);
const texts = files.map((f) => readFileSync(f, 'utf8'));
const parse = {
  floor: (t) => yaml.load(t, { schema: yaml.CORE_SCHEMA }),
  hook: (t) => yaml.load(t, { schema: yaml.CORE_SCHEMA, listener() {} }),
  swaglint: (t, i) => parseYaml(t, files[i]),
};
const out = {};
for (let r = 0; r < Number(rounds); r++) {
  for (const m of modes.split(',')) {
    globalThis.gc?.();
    const c0 = process.cpuUsage();
    texts.forEach((t, i) => parse[m](t, i));
    const c = process.cpuUsage(c0);
    (out[m] ??= []).push((c.user + c.system) / 1000);
  }
}
console.log(JSON.stringify(out));
`;
const run = (modes, rounds, flags = []) => JSON.parse(execFileSync(process.execPath, [...flags, '--input-type=module', '-e', child, modes, String(rounds), ...files], { encoding: 'utf8', maxBuffer: 1 << 24 }));
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

const modes = ['floor', 'hook', 'swaglint'];
const cold = Object.fromEntries(modes.map((m) => [m, []]));
for (let r = 0; r < runs; r++) for (const m of modes) cold[m].push(run(m, 1)[m][0]);
const warm = run(modes.join(','), runs, ['--expose-gc']);
const bytes = files.length === 1 ? path.basename(files[0]) : `${files.length} files`;
console.log(`${bytes}: parse CPU, medians of ${runs} (ms)`);
console.log('                                     cold (fresh process)   warm');
const label = { floor: 'js-yaml, core schema (the floor)', hook: 'js-yaml with an empty listener', swaglint: "swaglint's parseYaml (positions)" };
for (const m of modes) console.log(`${label[m].padEnd(38)}${median(cold[m]).toFixed(0).padStart(8)}${median(warm[m]).toFixed(0).padStart(18)}`);
