#!/usr/bin/env node
// Where a lint's time goes, stage by stage, in one process: js-yaml alone, the parse with positions,
// the $ref resolution, the walk with no rule, the walk with every rule of the preset for the document's
// format, the whole lintText; for an OpenAPI 3 document also the load of its compiled schema. With
// --rules, each rule alone too. A full collection runs before each
// timed step, so that no step pays for another's garbage. Medians of 7 runs.
//   npm run build && node bench/stages.mjs FILE [preset] [--rules] [--runs 7] [--only rule,rule]
// (--only: those rules alone, with --rules; --runs: fewer runs on a busy machine)
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import yaml from 'js-yaml';
import { parseSource } from '../dist/src/load/source.js';
import { resolveDocument } from '../dist/src/load/load.js';
import { runRules } from '../dist/src/lint/run-rules.js';
import { detectFormat } from '../dist/src/formats/index.js';
import { activeRules, lintText } from '../dist/src/pipeline/lint.js';

const args = process.argv.slice(2);
const [named, preset = 'recommended'] = args.filter((a, i) => !a.startsWith('--') && !['--runs', '--only'].includes(args[i - 1]));
// absolute, as the CLI makes it: the loader follows `$ref`s to other files only from an absolute root,
// so a relative name timed a multi-file API's root alone
const file = path.resolve(named);
const perRule = args.includes('--rules');
const value = (name) => { const i = args.indexOf(`--${name}`); return i === -1 ? undefined : args[i + 1]; };
const runs = Number(value('runs') ?? 7);
const onlyRules = value('only')?.split(',');
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
const text = fs.readFileSync(file, 'utf8');
const { format } = detectFormat(parseSource(text, file).source.value);
const rules = await activeRules({ preset }, file, format);
// what a lint does before the walk: an OpenAPI 3 rule loads its version's compiled schema here
const setupStart = performance.now();
await Promise.all(rules.map((r) => r.rule.setup?.(format.id)));
const setupMs = performance.now() - setupStart;
// the Markdown parses a process keeps across lints (an editor's gain) would make every run after the
// first skip them: each timed step starts without them, as a cold CLI run does
const { forgetParsedTexts = () => {} } = await import('../dist/src/markdown/constructs.js');
const times = {};
const time = (label, f) => {
  forgetParsedTexts();
  collect();
  const s = performance.now();
  const r = f();
  (times[label] ??= []).push(performance.now() - s);
  return r;
};
for (let i = 0; i < runs; i++) {
  time('js-yaml load (core schema)', () => yaml.load(text, { schema: yaml.CORE_SCHEMA }));
  const parsed = time('parseSource', () => parseSource(text, file));
  forgetParsedTexts();
  collect();
  const s = performance.now();
  const doc = await resolveDocument(parsed.source, { cwd: process.cwd() });
  (times['resolveDocument'] ??= []).push(performance.now() - s);
  time('walk, no rules', () => runRules(doc, format, []));
  // a fresh document each time: what rules keep per document is not reused
  const fresh = await resolveDocument(parseSource(text, file).source, { cwd: process.cwd() });
  time(`walk, all ${rules.length} ${format.id} rules`, () => runRules(fresh, format, rules));
  if (perRule) {
    for (const r of rules) {
      if (onlyRules && !onlyRules.includes(r.rule.meta.id)) continue;
      const own = await resolveDocument(parseSource(text, file).source, { cwd: process.cwd() });
      time('  rule ' + r.rule.meta.id, () => runRules(own, format, [r]));
    }
  }
  forgetParsedTexts();
  collect();
  const l = performance.now();
  await lintText(text, file, { preset });
  (times['lintText'] ??= []).push(performance.now() - l);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${format.id}: rule setup (once) ${setupMs.toFixed(1)} ms`);
for (const [k, v] of Object.entries(times)) console.log(k.padEnd(40), median(v).toFixed(1).padStart(8), 'ms');
