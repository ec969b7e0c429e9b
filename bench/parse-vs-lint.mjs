#!/usr/bin/env node
// The whole lint against the parser alone, in one process, interleaved: js-yaml's `load` (the chosen
// parser) and `lintText` (parse with positions, $refs, walk, every recommended rule) on the same text.
// Prints medians and their ratio (the target: at most 2.5×); `--json` prints them as JSON.
//   npm run build && node bench/parse-vs-lint.mjs FILE [--runs 7] [--json]
import fs from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import yaml from 'js-yaml';
import { lintText } from '../dist/src/pipeline/lint.js';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const runs = Number(args[args.indexOf('--runs') + 1] ?? 7) || 7;
if (!file) {
  console.error('usage: node bench/parse-vs-lint.mjs FILE [--runs 7] [--json]');
  process.exit(2);
}
const text = fs.readFileSync(file, 'utf8');
// a full collection before each timed step, so neither pays for the other's garbage
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
const parse = [];
const lint = [];
let findings = 0;
for (let i = 0; i < runs + 1; i++) {
  collect();
  let s = performance.now();
  yaml.load(text, { schema: yaml.CORE_SCHEMA });
  const p = performance.now() - s;
  collect();
  s = performance.now();
  findings = (await lintText(text, file, { preset: 'recommended' })).diagnostics.length;
  const l = performance.now() - s;
  if (i > 0) {
    // the first round warms both up
    parse.push(p);
    lint.push(l);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const result = { file, runs, parseMs: median(parse), lintMs: median(lint), ratio: median(lint) / median(parse), findings };
if (args.includes('--json')) console.log(JSON.stringify(result));
else console.log(`js-yaml load ${result.parseMs.toFixed(0)} ms, lintText ${result.lintMs.toFixed(0)} ms (${findings} findings): ${result.ratio.toFixed(2)}× the parse`);
