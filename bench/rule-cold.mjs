#!/usr/bin/env node
// What each rule costs a cold process: the rule alone over one walk of a freshly parsed document, in a
// process that has run nothing else of the linter, its CPU time (user + system, the compiler threads
// included). A warm per-rule time (`stages.mjs --rules`) misses most of a cold run's cost, and a profile
// of a whole cold run gives shares that move with the load; this is a number per rule that can be
// compared between builds, interleaved. A rule alone pays what the rules share in a full run (the walk
// itself, positions for its findings, the path index, the Markdown parser's load): read a rule's figure
// against a light rule's (`get-no-body` walks the whole document and finds nothing on most).
//   npm run build && node bench/rule-cold.mjs FILE [--rules a,b] [--runs 3] [--baseline <built checkout>] [--preset all]
// Without --rules: every rule of the preset the document's format runs (`recommended`, or --preset), one process each.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const value = (name, fallback) => { const i = args.indexOf(`--${name}`); return i === -1 ? fallback : args[i + 1]; };
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));

if (args.includes('--child')) {
  // one measurement: ROOT's build, one rule (or `--list`: the preset's rule ids)
  const root = pathToFileURL(value('root') + path.sep).href;
  const { parseSource } = await import(new URL('dist/src/load/source.js', root).href);
  const { resolveDocument } = await import(new URL('dist/src/load/load.js', root).href);
  const { runRules } = await import(new URL('dist/src/lint/run-rules.js', root).href);
  const { detectFormat } = await import(new URL('dist/src/formats/index.js', root).href);
  const { activeRules } = await import(new URL('dist/src/pipeline/lint.js', root).href);
  const text = fs.readFileSync(file, 'utf8');
  const { format } = detectFormat(parseSource(text, file).source.value);
  const all = await activeRules({ preset: value('preset', 'recommended') }, file, format);
  if (args.includes('--list')) {
    console.log(all.map((r) => r.rule.meta.id).join(','));
    process.exit(0);
  }
  const rules = all.filter((r) => r.rule.meta.id === value('rule'));
  await Promise.all(rules.map((r) => r.rule.setup?.(format.id)));
  const doc = await resolveDocument(parseSource(text, file).source, { cwd: process.cwd() });
  const before = process.cpuUsage();
  const found = runRules(doc, format, rules).length;
  const cpu = process.cpuUsage(before);
  console.log(JSON.stringify({ ms: (cpu.user + cpu.system) / 1000, found }));
  process.exit(0);
}

if (!file) {
  console.error('usage: node bench/rule-cold.mjs FILE [--rules a,b] [--runs 3] [--baseline <built checkout>]');
  process.exit(2);
}
const runs = Number(value('runs', 3));
const builds = [['this', path.resolve(here, '..')]];
if (value('baseline')) builds.push(['baseline', path.resolve(value('baseline'))]);
const preset = ['--preset', value('preset', 'recommended')];
const child = (root, extra) => execFileSync(process.execPath, [fileURLToPath(import.meta.url), file, '--child', '--root', root, ...preset, ...extra], { encoding: 'utf8' }).trim();
const rules = value('rules')?.split(',') ?? child(builds[0][1], ['--list']).split(',');
const times = new Map(); // "build rule" → ms per run
const found = new Map();
for (let i = 0; i < runs; i++) {
  for (const rule of rules) {
    for (const [name, root] of builds) {
      const r = JSON.parse(child(root, ['--rule', rule]));
      const key = `${name}\0${rule}`;
      (times.get(key) ?? times.set(key, []).get(key)).push(r.ms);
      found.set(key, r.found);
    }
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = rules.map((rule) => ({ rule, ms: builds.map(([name]) => median(times.get(`${name}\0${rule}`))) }));
rows.sort((a, b) => b.ms[0] - a.ms[0]);
console.log(`${path.basename(file)}: each rule alone, cold, CPU ms of its walk (median of ${runs} fresh processes${builds.length > 1 ? ', interleaved with the baseline' : ''})`);
console.log('rule'.padEnd(32) + builds.map(([name]) => name.padStart(10)).join('') + '  findings');
for (const { rule, ms } of rows) console.log(rule.padEnd(32) + ms.map((m) => m.toFixed(1).padStart(10)).join('') + '  ' + builds.map(([name]) => found.get(`${name}\0${rule}`)).join(' / '));
