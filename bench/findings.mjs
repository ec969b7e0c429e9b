#!/usr/bin/env node
// Correctness guard for performance work: every diagnostic of every corpus document (preset `all`),
// of fixtures/openapi3-corpus/ and of the panel's published documents that bench/data/ holds
// (bench/compare.mjs --only panel writes them), written once before a change and compared after it,
// ignoring `messageId` (a rule that gains message ids changes no finding). Run `npm run build` first.
//   node bench/findings.mjs --write /tmp/findings-before.json
//   node bench/findings.mjs --check /tmp/findings-before.json   (exit 1 and the first differences)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
const manifest = (dir) => existsSync(path.join(dir, 'MANIFEST.tsv')) ? readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => path.join(dir, l.split('\t')[0])) : [];
const data = path.join(here, 'data');
const panel = ['Bungie-net+api@da14826/openapi.json', 'openai+openai-openapi@f85dbe2/openapi.yaml', 'influxdata+openapi@ad26a17/src/oss.yml'].map((f) => path.join(data, f)).filter((f) => existsSync(f));
const files = [...manifest(corpus), ...manifest(path.resolve(here, '..', 'fixtures', 'openapi3-corpus')), ...panel];
const docs = files.map((f) => path.relative(path.resolve(here, '..', '..'), f));
const withoutIds = (ds) => ds.map(({ messageId, ...d }) => d);
const findings = {};
for (const [i, file] of files.entries()) {
  const r = await lintInput({ path: file }, { preset: 'all', cwd: path.dirname(file) }).catch((e) => ({ error: String(e.message) }));
  findings[docs[i]] = r.error ?? { skipped: r.skipped ?? null, diagnostics: withoutIds(r.diagnostics) };
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
