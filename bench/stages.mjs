import fs from 'node:fs';
import yaml from 'js-yaml';
import { parseSource } from '../dist/src/load/source.js';
import { resolveDocument } from '../dist/src/load/load.js';
import { runRules } from '../dist/src/lint/run-rules.js';
import { activeRules, lintText } from '../dist/src/lint/lint.js';
const file = process.argv[2];
const text = fs.readFileSync(file, 'utf8');
const rules = activeRules({ preset: process.argv[3] ?? 'recommended' });
const t = () => performance.now();
const res = {};
const add = (k, v) => (res[k] ??= []).push(v);
for (let i = 0; i < 7; i++) {
  let s = t(); yaml.load(text); add('jsyaml', t() - s);
  s = t(); const p = parseSource(text, file); add('parseSource', t() - s);
  const doc = await resolveDocument(p.source, {});
  s = t(); runRules(doc, []); add('walk', t() - s);
  s = t(); runRules(doc, rules); add('rules', t() - s);
  for (const r of rules) { s = t(); runRules(doc, [r]); add('rule ' + r.rule.meta.id, t() - s); }
  s = t(); await lintText(text, file, { preset: process.argv[3] ?? 'recommended' }); add('lintText', t() - s);
}
const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
for (const [k, v] of Object.entries(res)) if (med(v) > 2 || !k.startsWith('rule ')) console.log(k.padEnd(36), med(v).toFixed(1));
