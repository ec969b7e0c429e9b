#!/usr/bin/env node
// swaglint and Spectral side by side on the same Spectral rulesets and documents: the (rule, file,
// JSON pointer) pairs each reports, every difference listed, and interleaved timings.
//   node bench/spectral.mjs                 compare on the recorded documents, live
//   node bench/spectral.mjs --record        ... and write fixtures/spectral/recorded.json (the test's input)
//   node bench/spectral.mjs --corpus        compare on every corpus document too (slow: Spectral)
//   node bench/spectral.mjs --timing [--runs 5]   synthetic 2,000-collection, largest corpus document, whole corpus
//   node bench/spectral.mjs --published [--timing] [--corpus | --oas3]   the published rulesets of bench/published-rulesets.mjs
//       on the corpus sample (--corpus: every corpus document; --oas3: the valid OpenAPI 3.0/3.1 documents
//       of fixtures/openapi3-corpus)
//       (materialise them first): identical findings (rule, file, line, path, severity) as a share of the union
//   node bench/spectral.mjs --answers [--record]   Spectral's answer on fixtures/spectral/formats (formats and
//       per-format aliases on Swagger 2.0, OpenAPI 3.0 and 3.1), fixtures/spectral/ref-siblings (findings
//       below a $ref with keys beside it) and fixtures/spectral/oas32-operations (3.2's query and
//       additionalOperations under spectral:oas's operation rules), compared, or written to each one's answer.json
// After `npm run build` in the root and `npm ci` in bench/.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import yaml from 'js-yaml';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = path.resolve(process.env.SWAGLINT_CORPUS ?? path.join(root, '..', 'shared', 'corpus'));
const swaglint = path.join(root, 'bin', 'swaglint.js');
const spectral = path.join(here, 'node_modules', '.bin', 'spectral');
const fixtures = path.join(root, 'fixtures', 'spectral');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;

const { corpusSample, rulesets, closestPointer, coreOnlyCopy } = await import(path.join(root, 'dist', 'test', 'helpers', 'spectral-compare.js'));
const { spectralOas } = await import(path.join(root, 'dist', 'src', 'declarative', 'spectral-oas.js'));
const { spectralOasRuleNames } = await import(path.join(root, 'dist', 'src', 'declarative', 'spectral-oas-rules.js'));

/** Spectral's findings for these documents: [rule, document, pointer]. */
async function spectralPairs(ruleset, docs, ids) {
  const res = await run(spectral, ['lint', '-r', ruleset, '-f', 'json', '--ignore-unknown-format', '-q', ...docs], { maxBuffer: 1 << 30 }).catch((e) => e);
  const text = String(res.stdout ?? '').trim();
  if (!text.startsWith('[')) throw new Error(`spectral failed: ${String(res.stderr ?? res.message).slice(0, 500)}`);
  // the ruleset's own rules: spectral:oas rules are swaglint's built-in ones, compared elsewhere
  return JSON.parse(text).filter((r) => ids.has(r.code)).map((r) => [r.code, path.resolve(r.source), toPointer(r.path)]);
}

function toPointer(segments) {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** swaglint's findings of the ruleset's own rules, built-in rules off (Spectral runs the ruleset alone). */
async function swaglintPairs(ruleset, docs, ids) {
  const config = builtinsOffConfig(ruleset);
  // --allow-external-refs: the fixtures and the corpus are two projects, and a document's $refs may reach beside it
  const res = await run(process.execPath, [swaglint, 'lint', '--allow-external-refs', '--config', config, '-f', 'json', ...docs], { maxBuffer: 1 << 30, cwd: root }).catch((e) => e);
  if (res.code === 2) throw new Error(`swaglint failed: ${res.stderr}`);
  return JSON.parse(res.stdout)
    .filter((d) => ids.has(d.ruleId))
    .map((d) => [d.ruleId.replace(/^spectral\//, ''), path.resolve(root, d.file), closestPointer(path.resolve(root, d.file), d.pointer)]);
}

const builtinIds = JSON.parse(execFileSync(process.execPath, [swaglint, 'rules', '-f', 'json'], { cwd: os.tmpdir() })).filter((r) => !r.custom).map((r) => r.id);
function builtinsOffConfig(ruleset) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'swaglint-config-'));
  const file = path.join(dir, '.swaglint.yaml');
  writeFileSync(file, yaml.dump({ ...(ruleset ? { extends: [ruleset] } : {}), rules: Object.fromEntries(builtinIds.map((id) => [id, 'off'])) }));
  return file;
}

function customIds(ruleset) {
  const out = execFileSync(process.execPath, [swaglint, 'rules', '-f', 'json', '--ruleset', ruleset], { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'ignore'] });
  // spectral:oas's rules swaglint defines as Spectral does are compared by spectral-functions.mjs
  return new Set(JSON.parse(out).filter((r) => r.custom && !spectralOasRuleNames.has(r.id.replace(/^spectral\//, ''))).map((r) => r.id));
}

async function compareOne(name, docs) {
  const { file } = rulesets[name];
  const ruleset = path.join(fixtures, file);
  // the vendored rulesets come without their JavaScript functions: both tools run the rules that need none
  const copy = coreOnlyCopy(path.dirname(ruleset));
  const spectralRuleset = path.join(copy, path.basename(ruleset));
  const ids = customIds(spectralRuleset);
  const names = new Set([...ids].map((id) => id.replace(/^spectral\//, '')));
  const [sp, sw] = await Promise.all([spectralPairs(spectralRuleset, docs, names), swaglintPairs(spectralRuleset, docs, ids)]);
  return { sp, sw };
}

/**
 * Every known difference, by what it is about: [side, pattern over "rule\tdocument\tpointer", why].
 * A difference that matches none is UNEXPLAINED, and the run says so.
 */
const knownDifferences = [
  ['spectral', /\tcorpus\/swagger-cli\/test\/files\/invalid\/external-ref\/api\.yaml\t\/definitions$/,
    "Spectral bug: a value reached through two files ('definitions: {$ref: definitions.json}', then '$ref: person.yaml') is reported at the first $ref; swaglint reports it in person.yaml, where it is"],
  ['swaglint', /\tcorpus\/swagger-cli\/test\/files\/invalid\/external-ref\/person\.yaml\t/,
    "the same findings as Spectral's at api.yaml#/definitions, at the place in person.yaml where the value is"],
  ['spectral', /\tcorpus\/docusign\/click\.rest\.swagger-v1\.json\t\/definitions\/DocumentLinkStyles\/properties$/,
    "Spectral bug: findings below the properties named ':focus' and ':hover' are reported at the enclosing 'properties', merged into one per rule; swaglint reports each at its value"],
  ['swaglint', /\tcorpus\/docusign\/click\.rest\.swagger-v1\.json\t\/definitions\/DocumentLinkStyles\/properties\/:(focus|hover)\//,
    "each of the findings Spectral merges into one at DocumentLinkStyles/properties"],
  ['spectral', /^own-enum-alphabetical\tcorpus\/swagger-parser\/test\/specs\/callbacks-promises\/callbacks-promises\.yaml\t\/definitions\/name\/properties\/middle\/enum$/,
    "enum items that are $refs chained through a $ref with siblings (a resolver test): Spectral's resolver leaves them unresolved and reports at the enum; swaglint resolves them and, as Spectral places a finding on a $ref, reports at what they name (definitions/requiredString/type)"],
  ['swaglint', /^own-enum-alphabetical\tcorpus\/swagger-parser\/test\/specs\/callbacks-promises\/callbacks-promises\.yaml\t\/definitions\/requiredString\/type$/,
    "the enum finding Spectral reports at definitions/name/properties/middle/enum, at the definition its $ref'd item names"],
  ['spectral', /^own-string-format\tcorpus\/swagger-parser\/test\/specs\/callbacks-promises\/callbacks-promises\.yaml\t\/definitions\/name\/properties\/(prefix|suffix)$/,
    "a $ref with sibling keys, chained through another $ref (a resolver test): Spectral reports at the referencing property, swaglint once at the final target, definitions/requiredString, which it reports there already"],
  ['swaglint', /^should-declare-enum-values-using-upper-snake-case-format\tcorpus\/swagger-parser\/test\/specs\/callbacks-promises\/callbacks-promises\.yaml\t\/definitions\/requiredString\/(title|type)$/,
    "enum items that are $refs through another $ref ('#/definitions/name/properties/first/type'): swaglint resolves them, to 'string' and 'requiredString', which break the rule; Spectral's resolver leaves them unresolved"],
];

const rel = (f) => (f.startsWith(corpus) ? 'corpus/' + path.relative(corpus, f) : path.relative(root, f));

if (flag('--published')) {
  await publishedComparison();
} else if (flag('--answers')) {
  for (const name of ['formats', 'ref-siblings', 'oas32-operations']) await recordedAnswer(name);
} else if (flag('--timing')) {
  await timing();
} else {
  const recorded = { note: 'Spectral 6 findings ([rule, document, pointer]) on swaglint fixtures, written by bench/spectral.mjs --record; test/declarative-spectral.test.ts compares swaglint against them.', rulesets: {} };
  let total = 0;
  for (const name of Object.keys(rulesets)) {
    const docs = [path.join(fixtures, 'own', 'api.yaml'), ...(flag('--corpus') ? allCorpus() : corpusSample().map((f) => path.join(corpus, f)))];
    const { sp, sw } = await compareOne(name, docs);
    const key = (p) => `${p[0]}\t${rel(p[1])}\t${p[2]}`;
    const spSet = new Set(sp.map(key));
    const swSet = new Set(sw.map(key));
    const onlySp = [...spSet].filter((k) => !swSet.has(k)).sort();
    const onlySw = [...swSet].filter((k) => !spSet.has(k)).sort();
    const why = (side, k) => knownDifferences.find(([s, re]) => s === side && re.test(k))?.[2];
    console.log(`\n## ${name}: Spectral ${spSet.size} findings, swaglint ${swSet.size}, both ${[...spSet].filter((k) => swSet.has(k)).length}`);
    for (const k of onlySp) console.log(`  only Spectral: ${k.replace(/\t/g, '  ')}${why('spectral', k) ? `   — ${why('spectral', k)}` : '   — UNEXPLAINED'}`);
    for (const k of onlySw) console.log(`  only swaglint: ${k.replace(/\t/g, '  ')}${why('swaglint', k) ? `   — ${why('swaglint', k)}` : '   — UNEXPLAINED'}`);
    total += onlySp.filter((k) => !why('spectral', k)).length + onlySw.filter((k) => !why('swaglint', k)).length;
    if (!flag('--corpus')) {
      recorded.rulesets[name] = {
        documents: docs.map(rel),
        // by document: [rule, pointer] pairs
        spectral: groupByDocument([...spSet].sort()),
        explained: [
          ...onlySp.filter((k) => why('spectral', k)).map((k) => explain('spectral', k, why('spectral', k))),
          ...onlySw.filter((k) => why('swaglint', k)).map((k) => explain('swaglint', k, why('swaglint', k))),
        ],
      };
    }
  }
  console.log(`\n${total} unexplained difference(s).`);
  if (total > 0) process.exitCode = 1;
  if (flag('--record')) {
    // one finding a line: the file diffs readably when Spectral or a ruleset changes
    const text = JSON.stringify(recorded, null, 1).replace(/\[\n\s*("[^"\n]*"),\n\s*("[^"\n]*")\n\s*\]/g, '[$1, $2]');
    writeFileSync(path.join(fixtures, 'recorded.json'), text + '\n');
    console.log('wrote fixtures/spectral/recorded.json');
  }
}

/** "rule\tdocument\tpointer" keys → { document: [[rule, pointer], …] } (a $ref'd file is a document of its own). */
function groupByDocument(keys) {
  const out = {};
  for (const k of keys) {
    const [rule, document, pointer] = k.split('\t');
    (out[document] ??= []).push([rule, pointer]);
  }
  return out;
}

function explain(side, key, why) {
  const [rule, document, pointer] = key.split('\t');
  return { rule, document, pointer, side, why };
}

/** The OpenAPI 3.0 and 3.1 documents of fixtures/openapi3-corpus that the specification finds valid. */
function openapi3Documents() {
  const dir = path.join(root, 'fixtures', 'openapi3-corpus');
  return readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c[6] === 'pass')
    .map((c) => path.join(dir, c[0]));
}

function allCorpus() {
  return readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => !c[7].startsWith('fragment referenced by'))
    .map((c) => path.join(corpus, c[0]));
}

async function timing() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'swaglint-spectral-timing-'));
  const synth = path.join(tmp, 'synth-2000.yaml');
  execFileSync('python3', [path.join(root, '..', 'shared', 'tools', 'synth.py'), '2000', synth]);
  const docs = allCorpus();
  const largest = docs.reduce((a, b) => (statSync(a).size >= statSync(b).size ? a : b));
  const cases = [
    ['synthetic 2,000 collections', [synth]],
    [`largest corpus document (${path.basename(largest)})`, [largest]],
    [`whole corpus (${docs.length} documents)`, docs],
  ];
  for (const name of (args.includes('--rulesets') ? args[args.indexOf('--rulesets') + 1].split(',') : ['own', 'azure'])) {
    const ruleset = path.join(fixtures, rulesets[name].file);
    const spectralRuleset = path.join(coreOnlyCopy(path.dirname(ruleset)), path.basename(ruleset));
    const config = builtinsOffConfig(spectralRuleset);
    for (const [label, files] of cases) {
      const times = { swaglint: [], spectral: [] };
      // the whole corpus takes minutes a run: at most 3 of it
      const n = files.length > 1 ? Math.min(runs, 3) : runs;
      for (let i = 0; i < n; i++) {
        // interleaved: a change of machine load falls on both tools alike. Both write JSON: this compares
        // the ruleset engines, so each tool's report is formatted the same way (compare.mjs times the
        // default output)
        times.swaglint.push(await timed(process.execPath, [swaglint, 'lint', '--allow-external-refs', '--config', config, '-f', 'json', ...files]));
        times.spectral.push(await timed(spectral, ['lint', '-r', spectralRuleset, '-f', 'json', '--ignore-unknown-format', '-q', ...files]));
      }
      const m = (l) => [...l].sort((a, b) => a - b)[Math.floor(l.length / 2)];
      const a = m(times.swaglint);
      const b = m(times.spectral);
      console.log(`${name.padEnd(6)} ${label.padEnd(58)} swaglint ${a.toFixed(2)} s   Spectral ${b.toFixed(2)} s   ${(b / a).toFixed(1)}x  (medians of ${n})`);
    }
  }
}

async function timed(cmd, argv, limitSeconds) {
  const start = process.hrtime.bigint();
  let stopped = false;
  await run(cmd, argv, { maxBuffer: 1 << 30, cwd: root, ...(limitSeconds ? { timeout: limitSeconds * 1000 } : {}) }).catch((e) => {
    if (e.killed && limitSeconds) stopped = true;
    else if (e.code === 2 || e.code === 'ENOENT' || e.killed) throw e;
  });
  return stopped ? limitSeconds : Number(process.hrtime.bigint() - start) / 1e9;
}


// ---- published rulesets (issue 28): run as they are, JavaScript functions included ----


/** Spectral's findings as "rule\tfile\tline\tpointer\tseverity" rows. */
async function spectralRows(ruleset, docs) {
  const res = await run(spectral, ['lint', '-r', ruleset, '-f', 'json', '--ignore-unknown-format', ...docs], { maxBuffer: 1 << 30, cwd: root }).catch((e) => e);
  const text = String(res.stdout ?? '').trim();
  if (!text.startsWith('[')) throw new Error(`spectral failed: ${String(res.stderr ?? res.message).slice(0, 500)}`);
  // with no findings, Spectral writes "[]" and then "No results with a severity of 'error' found!"
  return JSON.parse(text.slice(0, text.lastIndexOf(']') + 1))
    .filter((r) => !/^(unrecognized-format|invalid-ref|parser)$/.test(r.code))
    .map((r) => [r.code, rel(path.resolve(r.source)), r.range.start.line + 1, toPointer(r.path), ['error', 'warn', 'info', 'hint'][r.severity]].join('\t'));
}

/** spectralRows, and when Spectral stops on the batch, document by document: the rows, and the documents it stops on. */
async function spectralRowsEach(ruleset, docs) {
  try {
    return { rows: await spectralRows(ruleset, docs), failed: new Map() };
  } catch {
    const rows = [];
    const failed = new Map();
    for (const doc of docs) {
      try {
        rows.push(...(await spectralRows(ruleset, [doc])));
      } catch (error) {
        failed.set(doc, String(error.message).split('\n').find((l) => l.startsWith('Error #1')) ?? 'it failed');
      }
    }
    return { rows, failed };
  }
}

/** swaglint's findings of the ruleset's rules (its built-in rules off), as the same rows. */
async function swaglintRows(ruleset, docs, config) {
  const res = await run(process.execPath, [swaglint, 'lint', '--allow-external-refs', '--config', config, '--ruleset', ruleset, '-f', 'json', ...docs], { maxBuffer: 1 << 30, cwd: root }).catch((e) => e);
  if (res.code === 2) throw new Error(`swaglint failed: ${res.stderr}`);
  return JSON.parse(res.stdout)
    .filter((d) => !builtinIds.includes(d.ruleId))
    .map((d) => [d.ruleId.replace(/^spectral\//, ''), rel(path.resolve(root, d.file)), d.line, d.pointer, d.severity].join('\t'));
}

async function publishedComparison() {
  const { published } = await import('./published-rulesets.mjs');
  // --exclude RE: documents left out (one on which Spectral does not finish with a ruleset)
  const exclude = args.includes('--exclude') ? new RegExp(args[args.indexOf('--exclude') + 1]) : undefined;
  const docs = (flag('--oas3') ? openapi3Documents() : flag('--corpus') ? allCorpus() : corpusSample().map((f) => path.join(corpus, f))).filter((f) => !exclude?.test(f));
  const config = builtinsOffConfig(undefined); // the ruleset goes by --ruleset: a JavaScript one is no configuration to extend
  const table = [];
  let totalBoth = 0;
  let totalUnion = 0;
  const chosen = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;
  for (const [name, entry] of Object.entries(published)) {
    if (chosen && !chosen.includes(name)) continue;
    const ruleset = path.join(here, 'published', name, entry.ruleset);
    if (!existsSync(ruleset)) throw new Error(`${ruleset} is missing: run node bench/published-rulesets.mjs first`);
    const [{ rows: spAll, failed }, swAll] = await Promise.all([spectralRowsEach(ruleset, docs), swaglintRows(ruleset, docs, config)]);
    // a document on which Spectral stops (a function throws and the whole run ends) is left out of
    // the comparison, and said, with what swaglint reports there
    for (const [doc, why] of failed) {
      const there = swAll.filter((row) => row.split('\t')[1] === rel(doc));
      console.log(`${name}: Spectral stops on ${rel(doc)} (${why}); swaglint: ${there.length} findings${there.some((r) => r.startsWith('config-error')) ? ', among them a config-error' : ''}`);
    }
    // spectral:oas rules the ruleset extends run as swaglint's built-in ones (compared by compare.mjs)
    // or as spectral:oas's own (compared by spectral-functions.mjs on fixtures/spectral/oas-rules):
    // only the rules the ruleset defines itself are compared, on both sides
    const own = customIds(ruleset);
    const defined = (row) => {
      const code = row.split('\t')[0];
      return !(code in spectralOas || spectralOasRuleNames.has(code)) || own.has(code) || own.has(`spectral/${code}`);
    };
    const sw = swAll.filter((row) => defined(row) && !failed.has(path.resolve(root, row.split('\t')[1])) && !failed.has(path.join(corpus, row.split('\t')[1].replace(/^corpus\//, ''))));
    const sp = spAll.filter(defined);
    const a = new Set(sp);
    const b = new Set(sw);
    const both = [...a].filter((k) => b.has(k));
    const union = new Set([...a, ...b]);
    totalBoth += both.length;
    totalUnion += union.size;
    table.push([name, entry.functions ? 'yes' : 'no', a.size, b.size, both.length, union.size]);
    console.log(`row: ${table[table.length - 1].join(' ')}`); // as each ends: Spectral takes minutes a ruleset
    const only = [...[...a].filter((k) => !b.has(k)).map((k) => `only Spectral: ${k}`), ...[...b].filter((k) => !a.has(k)).map((k) => `only swaglint: ${k}`)];
    if (only.length) {
      console.log(`\n## ${name}: ${only.length} differences`);
      for (const line of only.sort().slice(0, flag('--all') ? Infinity : 40)) console.log('  ' + line.replace(/\t/g, '  '));
    }
  }
  console.log(`\n${docs.length} documents. Identical findings (rule, file, line, path, severity) as a share of the union:\n`);
  console.log('| ruleset | JS functions | Spectral | swaglint | identical | union | share |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [n, js, a, b, both, union] of table) console.log(`| ${n} | ${js} | ${a} | ${b} | ${both} | ${union} | ${union ? ((100 * both) / union).toFixed(1) : '100.0'}% |`);
  console.log(`| all | | | | ${totalBoth} | ${totalUnion} | ${((100 * totalBoth) / totalUnion).toFixed(1)}% |`);
  if (flag('--timing')) await publishedTiming(published, config);
}

async function publishedTiming(published, config) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'swaglint-spectral-timing-'));
  const synth = path.join(tmp, 'synth-2000.yaml');
  execFileSync('python3', [path.join(root, '..', 'shared', 'tools', 'synth.py'), '2000', synth]);
  const largest = allCorpus().reduce((a, b) => (statSync(a).size >= statSync(b).size ? a : b));
  console.log('\n| ruleset | document | swaglint | Spectral | ratio |');
  console.log('|---|---|---|---|---|');
  const chosen = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;
  for (const [name, entry] of Object.entries(published)) {
    if (chosen ? !chosen.includes(name) : !entry.functions) continue;
    const ruleset = path.join(here, 'published', name, entry.ruleset);
    for (const [label, file] of [[path.basename(largest), largest], ['synth.py 2000', synth]]) {
      const times = { swaglint: [], spectral: [] };
      // Spectral is stopped after --limit seconds (default 600): its time is then "more than" that
      const limit = Number(args[args.indexOf('--limit') + 1]) || 600;
      for (let i = 0; i < runs; i++) {
        times.swaglint.push(await timed(process.execPath, [swaglint, 'lint', '--allow-external-refs', '--config', config, '--ruleset', ruleset, '-f', 'json', file]));
        times.spectral.push(await timed(spectral, ['lint', '-r', ruleset, '-f', 'json', '--ignore-unknown-format', '-q', file], limit));
      }
      const m = (l) => [...l].sort((x, y) => x - y)[Math.floor(l.length / 2)];
      const sp = m(times.spectral);
      const more = sp >= limit ? '> ' : '';
      console.log(`| ${name} | ${label} | ${m(times.swaglint).toFixed(2)} s | ${more}${sp.toFixed(1)} s | ${more}${(sp / m(times.swaglint)).toFixed(1)}x |`);
    }
  }
}

// ---- Spectral's answers on small fixtures (test/declarative-spectral-answers.test.ts reads them) ----

async function recordedAnswer(name) {
  const dir = path.join(fixtures, name);
  const docs = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'ruleset.yaml').map((f) => path.join(dir, f));
  const ruleset = path.join(dir, 'ruleset.yaml');
  const config = builtinsOffConfig(undefined);
  const [sp, sw] = await Promise.all([spectralRows(ruleset, docs), swaglintRows(ruleset, docs, config)]);
  // [rule, document, line, pointer]: the severity is the ruleset's, the same by construction
  const rows = (list) => list.map((r) => r.split('\t')).map(([rule, file, line, pointer]) => [rule, path.basename(file), Number(line), pointer]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const a = rows(sp);
  const b = rows(sw);
  const only = (x, y) => x.filter((r) => !y.some((q) => JSON.stringify(q) === JSON.stringify(r)));
  for (const r of only(a, b)) console.log(`only Spectral: ${r.join('  ')}`);
  for (const r of only(b, a)) console.log(`only swaglint: ${r.join('  ')}`);
  console.log(`${name}: Spectral ${a.length} findings, swaglint ${b.length}, ${only(a, b).length + only(b, a).length} differences`);
  if (only(a, b).length + only(b, a).length) process.exitCode = 1;
  if (flag('--record')) {
    const text = JSON.stringify({ note: 'Spectral 6 findings [rule, document, line, pointer] on these documents with ruleset.yaml, written by node bench/spectral.mjs --answers --record', findings: a });
    writeFileSync(path.join(dir, 'answer.json'), text.replace(/\],\[/g, '],\n  [') + '\n');
    console.log(`wrote fixtures/spectral/${name}/answer.json`);
  }
}
