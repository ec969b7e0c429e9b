#!/usr/bin/env node
// swaglint vs swagger-cli's `validate` on every document of the corpus: where their verdicts differ,
// which one the corpus manifest (the sources' own tests, on the specification's grounds) agrees with.
//   node bench/verdicts.mjs [corpus-dir]      (after `npm run build` and `npm ci` in bench/)
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'corpus'));
const swaglint = path.join(root, 'bin', 'swaglint.js');
const swaggerCli = path.join(here, 'node_modules', '.bin', 'swagger-cli');

const rows = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1)
  .map((l) => l.split('\t'))
  .filter((c) => !c[7].startsWith('fragment referenced by'))
  .map((c) => ({ file: c[0], expected: c[6] }));

// the rules that judge validity: each rule's meta.category says whether Swagger 2.0 requires it
const { builtinRules } = await import(path.join(root, 'dist', 'src', 'index.js'));
const validity = new Set(builtinRules.filter((r) => r.meta.category === 'validity').map((r) => r.meta.id));
validity.add('parse-error');
validity.add('not-swagger');

async function swaglintVerdict(file) {
  // from the corpus folder, which is then the project its documents' $refs may not leave
  const res = await run(process.execPath, [swaglint, 'lint', '--strict', '--format', 'json', file], { cwd: corpus, maxBuffer: 1 << 28 }).catch((e) => e);
  if (res.code === 2) return { verdict: 'error', why: String(res.stderr).trim() };
  const errors = JSON.parse(res.stdout).filter((d) => d.severity === 'error' && validity.has(d.ruleId));
  return { verdict: errors.length ? 'invalid' : 'valid', why: errors.slice(0, 2).map((d) => `${d.ruleId}: ${d.message}`).join(' | ') };
}

async function swaggerCliVerdict(file) {
  const res = await run(swaggerCli, ['validate', file], { maxBuffer: 1 << 26 }).then(() => ({ code: 0 }), (e) => e);
  return { verdict: res.code === 0 ? 'valid' : 'invalid', why: res.code === 0 ? '' : String(res.stderr).split('\n')[0] };
}

const results = [];
let next = 0;
await Promise.all([0, 1].map(async () => {
  while (next < rows.length) {
    const row = rows[next++];
    const file = path.join(corpus, row.file);
    const [ours, theirs] = await Promise.all([swaglintVerdict(file), swaggerCliVerdict(file)]);
    results.push({ ...row, ours, theirs });
  }
}));
results.sort((a, b) => a.file.localeCompare(b.file));

const differ = results.filter((r) => r.ours.verdict !== r.theirs.verdict);
const count = (pred) => results.filter(pred).length;
console.log(`${results.length} documents; verdicts differ on ${differ.length}.\n`);
console.log('| document | manifest | swaglint | swagger-cli | right | swaglint says |');
console.log('|---|---|---|---|---|---|');
for (const r of differ) {
  const right = r.expected === 'unknown' ? '?' : r.expected === r.ours.verdict ? 'swaglint' : 'swagger-cli';
  console.log(`| ${r.file} | ${r.expected} | ${r.ours.verdict} | ${r.theirs.verdict} | ${right} | ${r.ours.why.replace(/\|/g, '\\|').slice(0, 140)} |`);
}
console.log('');
console.log(`agreement with the manifest (valid/invalid rows): swaglint ${count((r) => r.expected !== 'unknown' && r.expected === r.ours.verdict)}, swagger-cli ${count((r) => r.expected !== 'unknown' && r.expected === r.theirs.verdict)} of ${count((r) => r.expected !== 'unknown')}`);
const wrong = differ.filter((r) => r.expected !== 'unknown' && r.expected !== r.ours.verdict);
if (wrong.length) {
  console.log(`\nswaglint is wrong where they differ on ${wrong.length}:`);
  for (const r of wrong) console.log(`  ${r.file} (expected ${r.expected})`);
  process.exitCode = 1;
}
