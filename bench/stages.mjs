#!/usr/bin/env node
// Where a lint's time goes, stage by stage, in one process: js-yaml alone, the parse with positions,
// the walk with no rule, the walk with every rule of the preset, the whole lintText; with --rules, each
// rule alone too. A full collection runs before each timed step, so that no step pays for another's
// garbage. Medians of 7 runs.
//   npm run build && node bench/stages.mjs FILE [preset] [--rules]
import fs from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import yaml from 'js-yaml';
import { parseSource } from '../dist/src/load/source.js';
import { resolveDocument } from '../dist/src/load/load.js';
import { runRules } from '../dist/src/lint/run-rules.js';
import { swagger2 } from '../dist/src/formats/swagger2.js';
import { activeRules, lintText } from '../dist/src/pipeline/lint.js';

const args = process.argv.slice(2);
const [file, preset = 'recommended'] = args.filter((a) => !a.startsWith('--'));
const perRule = args.includes('--rules');
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');
const text = fs.readFileSync(file, 'utf8');
const rules = await activeRules({ preset });
const times = {};
const time = (label, f) => {
  collect();
  const s = performance.now();
  const r = f();
  (times[label] ??= []).push(performance.now() - s);
  return r;
};
for (let i = 0; i < 7; i++) {
  time('js-yaml load (core schema)', () => yaml.load(text, { schema: yaml.CORE_SCHEMA }));
  const parsed = time('parseSource', () => parseSource(text, file));
  const doc = await resolveDocument(parsed.source, { cwd: process.cwd() });
  time('walk, no rules', () => runRules(doc, swagger2, []));
  time('walk, all rules', () => runRules(doc, swagger2, rules));
  if (perRule) for (const r of rules) time('  rule ' + r.rule.meta.id, () => runRules(doc, swagger2, [r]));
  collect();
  const s = performance.now();
  await lintText(text, file, { preset });
  (times['lintText'] ??= []).push(performance.now() - s);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const [k, v] of Object.entries(times)) console.log(k.padEnd(36), median(v).toFixed(1).padStart(8), 'ms');
