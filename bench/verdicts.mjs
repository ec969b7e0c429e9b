#!/usr/bin/env node
// swaglint vs swagger-cli's `validate` on every document of the corpus: where their verdicts differ,
// which one the corpus manifest (the sources' own tests, on the specification's grounds) agrees with.
// With --save and --before it also tells what a change to swaglint did to its own verdicts: which
// documents changed answer, sorted into the classes of issue 14 by the findings that came or went.
//   node bench/verdicts.mjs [corpus-dir] [--no-peer] [--save now.json] [--before then.json]
//     (after `npm run build`, and `npm ci` in bench/ unless --no-peer)
//   --save FILE     write swaglint's findings per document (the snapshot a later run compares with)
//   --before FILE   a snapshot from an earlier build: list per class the documents whose answer changed
//   --after FILE    compare that snapshot with --before instead of running swaglint now
//   --no-peer       do not run swagger-cli (not installed, or not wanted)
import { execFile } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const savePath = flag('--save');
const afterPath = flag('--after');
const noPeer = args.includes('--no-peer') || afterPath !== undefined;
if (args.includes('--no-peer')) args.splice(args.indexOf('--no-peer'), 1);
const beforePath = flag('--before');
const corpus = path.resolve(args[0] ?? path.join(root, '..', 'shared', 'corpus'));
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
  // from the corpus folder, which is then the project its documents' $refs may not leave. Without
  // --strict, as pre-commit runs it: a skipped file is an answer too (it passes)
  const res = await run(process.execPath, [swaglint, 'lint', '--format', 'json', file], { cwd: corpus, maxBuffer: 1 << 28 }).catch((e) => e);
  if (res.code === 2) return { verdict: 'error', why: String(res.stderr).trim(), errors: [] };
  const skipped = /swaglint: skipped [^:]*: (.*)/.exec(String(res.stderr))?.[1];
  const errors = JSON.parse(res.stdout)
    .filter((d) => d.severity === 'error' && validity.has(d.ruleId))
    .map((d) => ({ ruleId: d.ruleId, at: `${d.line}:${d.column}`, pointer: d.pointer, message: d.message }));
  const why = skipped ? `skipped: ${skipped}` : errors.slice(0, 2).map((d) => `${d.ruleId}: ${d.message}`).join(' | ');
  return { verdict: skipped ? 'skipped' : errors.length ? 'invalid' : 'valid', why, errors };
}

async function swaggerCliVerdict(file) {
  if (noPeer) return { verdict: '-', why: '' };
  const res = await run(swaggerCli, ['validate', file], { maxBuffer: 1 << 26 }).then(() => ({ code: 0 }), (e) => e);
  return { verdict: res.code === 0 ? 'valid' : 'invalid', why: res.code === 0 ? '' : String(res.stderr).split('\n')[0] };
}

const results = [];
let next = afterPath ? rows.length : 0;
if (afterPath) {
  const after = JSON.parse(readFileSync(afterPath, 'utf8'));
  const why = (e) => e.errors.slice(0, 2).map((d) => `${d.ruleId}: ${d.message}`).join(' | ');
  for (const row of rows) if (after[row.file]) results.push({ ...row, ours: { ...after[row.file], why: why(after[row.file]) }, theirs: { verdict: '-', why: '' } });
}
await Promise.all([0, 1].map(async () => {
  while (next < rows.length) {
    const row = rows[next++];
    const file = path.join(corpus, row.file);
    const [ours, theirs] = await Promise.all([swaglintVerdict(file), swaggerCliVerdict(file)]);
    results.push({ ...row, ours, theirs });
  }
}));
results.sort((a, b) => a.file.localeCompare(b.file));

/** A skipped file passes (exit 0), as a valid one does. */
const passes = (verdict) => verdict === 'valid' || verdict === 'skipped';
const verdictOf = (r) => (r.ours.verdict === 'skipped' ? 'valid' : r.ours.verdict);
const count = (pred) => results.filter(pred).length;

if (!noPeer) {
  const differ = results.filter((r) => verdictOf(r) !== r.theirs.verdict);
  console.log(`${results.length} documents; verdicts differ on ${differ.length}.\n`);
  console.log('| document | manifest | swaglint | swagger-cli | right | swaglint says |');
  console.log('|---|---|---|---|---|---|');
  for (const r of differ) {
    const right = r.expected === 'unknown' ? '?' : r.expected === verdictOf(r) ? 'swaglint' : 'swagger-cli';
    console.log(`| ${r.file} | ${r.expected} | ${r.ours.verdict} | ${r.theirs.verdict} | ${right} | ${r.ours.why.replace(/\|/g, '\\|').slice(0, 140)} |`);
  }
  console.log('');
}
const judged = count((r) => r.expected !== 'unknown');
console.log(`agreement with the manifest (valid/invalid rows): swaglint ${count((r) => r.expected !== 'unknown' && r.expected === verdictOf(r))}` +
  (noPeer ? '' : `, swagger-cli ${count((r) => r.expected !== 'unknown' && r.expected === r.theirs.verdict)}`) + ` of ${judged}`);
const wrong = results.filter((r) => r.expected !== 'unknown' && r.expected !== verdictOf(r));
if (wrong.length) {
  console.log(`\nswaglint disagrees with the manifest on ${wrong.length}:`);
  for (const r of wrong) console.log(`  ${r.file} (expected ${r.expected}, swaglint ${r.ours.verdict}: ${r.ours.why.slice(0, 160)})`);
  process.exitCode = 1;
}

if (savePath) {
  const snapshot = Object.fromEntries(results.map((r) => [r.file, { verdict: r.ours.verdict, errors: r.ours.errors }]));
  writeFileSync(savePath + '.tmp', JSON.stringify(snapshot, null, 1) + '\n');
  renameSync(savePath + '.tmp', savePath);
  console.log(`\nsaved swaglint's findings on ${results.length} documents in ${savePath}`);
}


/**
 * The class of issue 14 a finding belongs to, from its rule and what it says: 1 unresolved `$ref`s
 * outside the walked places and letter case, 2 a `$ref` whose target does not fit its place, 3
 * equivalent templates, 4 a document without `swagger` (or one that is UTF-16, or misspells it).
 */
function classOf(error) {
  if (error.ruleId === 'ref-resolves') return 1;
  if (error.ruleId === 'schema-valid' && /\$ref '/.test(error.message)) return 2;
  if (error.ruleId === 'path-unique-template') return 3;
  if (['swagger-version', 'not-swagger', 'parse-error'].includes(error.ruleId)) return 4;
  return 0;
}
const classNames = {
  1: 'every $ref resolved (extensions, letter case)',
  2: 'a $ref stands for its target',
  3: 'equivalent templates only with a shared method',
  4: 'a Swagger document without swagger is reported',
  0: 'other rules',
};

function compareWith(before) {
  // findings are matched by rule and place: one there before and now with other words is reworded
  const place = (e) => `${e.ruleId} ${e.at}`;
  const byClass = new Map();
  for (const r of results) {
    const then = before[r.file];
    if (!then) continue;
    const said = (errors) => {
      const m = new Map();
      for (const e of errors) m.set(place(e), [...(m.get(place(e)) ?? []), e.message]);
      return m;
    };
    const old = said(then.errors);
    const now = said(r.ours.errors);
    const added = r.ours.errors.filter((e) => !old.has(place(e)));
    const removed = then.errors.filter((e) => !now.has(place(e)));
    const reworded = r.ours.errors.filter((e) => old.has(place(e)) && !old.get(place(e)).includes(e.message));
    if (added.length + removed.length + reworded.length === 0 && then.verdict === r.ours.verdict) continue;
    const answerChanged = passes(then.verdict) !== passes(r.ours.verdict);
    const all = [...added, ...removed, ...reworded];
    const classes = new Set(all.map(classOf));
    if (classes.size === 0) classes.add(4); // skipped ↔ linted: only the detection changed
    for (const c of classes) {
      if (!byClass.has(c)) byClass.set(c, []);
      const mine = (list) => list.filter((e) => classOf(e) === c || all.length === 0);
      byClass.get(c).push({ file: r.file, expected: r.expected, then: then.verdict, now: r.ours.verdict, answerChanged, added: mine(added), removed: mine(removed), reworded: mine(reworded) });
    }
  }
  console.log(`\nchanges since ${beforePath}, by class (* = the answer, pass or fail, changed; +new -gone ~reworded findings):`);
  for (const c of [1, 2, 3, 4, 0]) {
    const list = byClass.get(c) ?? [];
    console.log(`\nclass ${c}: ${classNames[c]}: ${list.filter((x) => x.answerChanged).length} answers changed; ${list.length} documents with changed findings`);
    for (const x of list) {
      const first = x.added[0] ?? x.removed[0] ?? x.reworded[0];
      const what = first ? `${first.ruleId} ${first.at} ${first.message.slice(0, 140)}` : '';
      console.log(`  ${x.answerChanged ? '*' : ' '} ${x.file} (manifest ${x.expected}): ${x.then} → ${x.now}  +${x.added.length} -${x.removed.length} ~${x.reworded.length}  ${what}`);
    }
  }
}

if (beforePath) compareWith(JSON.parse(readFileSync(beforePath, 'utf8')));
