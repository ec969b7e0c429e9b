#!/usr/bin/env node
// Correctness guard for performance work: every diagnostic of every corpus document (preset `all`),
// written once before a change and compared after it. Run `npm run build` first.
//   node bench/findings.mjs --write /tmp/findings-before.json
//   node bench/findings.mjs --check /tmp/findings-before.json   (exit 1 and the first differences)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintInput } from '../dist/src/pipeline/lint.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '..', '..', 'shared', 'corpus');
const [mode, file] = process.argv.slice(2);
if (!['--write', '--check'].includes(mode) || !file) {
  console.error('usage: node bench/findings.mjs --write|--check FILE');
  process.exit(2);
}
const docs = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t')[0]);
const findings = {};
for (const doc of docs) {
  const r = await lintInput({ path: path.join(corpus, doc) }, { preset: 'all', cwd: corpus }).catch((e) => ({ error: String(e.message) }));
  findings[doc] = r.error ?? { skipped: r.skipped ?? null, diagnostics: r.diagnostics };
}
const json = JSON.stringify(findings, null, 1);
if (mode === '--write') {
  writeFileSync(file, json);
  const n = Object.values(findings).reduce((s, f) => s + (f.diagnostics?.length ?? 0), 0);
  console.log(`${docs.length} documents, ${n} diagnostics written to ${file}`);
} else {
  const before = JSON.parse(readFileSync(file, 'utf8'));
  const changed = docs.filter((d) => JSON.stringify(before[d]) !== JSON.stringify(findings[d]));
  if (changed.length === 0) console.log(`${docs.length} documents: findings identical`);
  else {
    console.log(`${changed.length} documents differ:`);
    for (const d of changed.slice(0, 10)) console.log(' ', d);
    process.exitCode = 1;
  }
}
