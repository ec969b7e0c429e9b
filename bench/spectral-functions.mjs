#!/usr/bin/env node
// Spectral's answers on the fixtures of its core functions or, typedEnum and unreferencedReusableObject,
// of findings about property names, of findings whose path reaches through a $ref (ref-targets), of
// findings at the document's root (root-place) and of asynchronous JavaScript functions (fixtures/spectral/<name>/:
// ruleset.yaml and the documents beside it), against swaglint's: every finding's rule, document,
// line:column, JSON pointer, severity and message.
//   node bench/spectral-functions.mjs            compare, and list every difference
//   node bench/spectral-functions.mjs --record   ... and write each fixture's answer.json (the test's input)
//   node bench/spectral-functions.mjs --only ref-targets,root-place   those fixtures alone
// After `npm run build` in the root and `npm ci` in bench/. Spectral's YAML rulesets cannot name
// typedEnum (its CLI knows it only as spectral:oas's typed-enum function): for Spectral, the fixture's
// ruleset gets it as one of its own functions, re-exported from Spectral's rulesets package.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const swaglint = path.join(root, 'bin', 'swaglint.js');
const spectral = path.join(here, 'node_modules', '.bin', 'spectral');
const fixtures = path.join(root, 'fixtures', 'spectral');
const record = process.argv.includes('--record');

/** Each fixture, with the core functions Spectral's YAML rulesets cannot name. */
export const fixtureNames = { or: [], keys: [], 'typed-enum': ['typedEnum'], 'typed-enum-no-formats': ['typedEnum'], unreferenced: [], async: [], 'oas-rules': [], 'ref-targets': [], 'root-place': [] };
const spectralFunctionFiles = {
  typedEnum: path.join(here, 'node_modules', '@stoplight', 'spectral-rulesets', 'dist', 'oas', 'functions', 'typedEnum.js'),
};
const severities = ['error', 'warn', 'info', 'hint'];

const toPointer = (segments) => segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
const sortRows = (rows) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The ruleset as Spectral runs it: a copy that lists the core functions it cannot name as its own. */
function spectralCopy(dir, functions) {
  if (functions.length === 0) return dir;
  const copy = mkdtempSync(path.join(os.tmpdir(), 'swaglint-spectral-functions-'));
  cpSync(dir, copy, { recursive: true });
  mkdirSync(path.join(copy, 'functions'), { recursive: true });
  for (const fn of functions) writeFileSync(path.join(copy, 'functions', `${fn}.js`), `module.exports = require(${JSON.stringify(spectralFunctionFiles[fn])}).default;\n`);
  const file = path.join(copy, 'ruleset.yaml');
  writeFileSync(file, `functions: [${functions.join(', ')}]\n` + readFileSync(file, 'utf8'));
  return copy;
}

async function spectralRows(dir, docs, functions) {
  const at = spectralCopy(dir, functions);
  const res = await run(spectral, ['lint', '-r', 'ruleset.yaml', '-f', 'json', ...docs], { cwd: at, maxBuffer: 1 << 28 }).catch((e) => e);
  const text = String(res.stdout ?? '').trim();
  if (!text.startsWith('[')) throw new Error(`spectral failed: ${String(res.stderr ?? res.message).slice(0, 500)}`);
  return JSON.parse(text.slice(0, text.lastIndexOf(']') + 1)).map((r) => [r.code, path.relative(at, r.source), r.range.start.line + 1, r.range.start.character + 1, toPointer(r.path), severities[r.severity], r.message]);
}

const builtinIds = JSON.parse(execFileSync(process.execPath, [swaglint, 'rules', '-f', 'json'], { cwd: os.tmpdir() })).filter((r) => !r.custom).map((r) => r.id);
const config = path.join(mkdtempSync(path.join(os.tmpdir(), 'swaglint-config-')), '.swaglint.yaml');
writeFileSync(config, `rules:\n${builtinIds.map((id) => `  ${id}: off\n`).join('')}`);

async function swaglintRows(dir, docs) {
  const res = await run(process.execPath, [swaglint, 'lint', '--config', config, '--ruleset', 'ruleset.yaml', '-f', 'json', ...docs], { cwd: dir, maxBuffer: 1 << 28 }).catch((e) => e);
  if (res.code === 2) throw new Error(`swaglint failed: ${res.stderr}`);
  return JSON.parse(res.stdout).map((d) => [d.ruleId.replace(/^spectral\//, ''), d.file, d.line, d.column, d.pointer, d.severity, d.message]);
}

// --only a,b: those fixtures alone
const chosen = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined;
let differences = 0;
for (const [name, functions] of Object.entries(fixtureNames)) {
  if (chosen && !chosen.includes(name)) continue;
  const dir = path.join(fixtures, name);
  const docs = readdirSync(dir).filter((f) => /\.(yaml|json)$/.test(f) && f !== 'ruleset.yaml' && f !== 'answer.json').sort();
  const [sp, sw] = await Promise.all([spectralRows(dir, docs, functions), swaglintRows(dir, docs)]);
  const a = sortRows(sp);
  const b = sortRows(sw);
  const only = (x, y) => x.filter((r) => !y.some((q) => JSON.stringify(q) === JSON.stringify(r)));
  for (const r of only(a, b)) console.log(`only Spectral: ${r.join('  ')}`);
  for (const r of only(b, a)) console.log(`only swaglint: ${r.join('  ')}`);
  const n = only(a, b).length + only(b, a).length;
  differences += n;
  console.log(`${name}: Spectral ${a.length} findings, swaglint ${b.length}, ${n} differences`);
  if (record) {
    const note = 'Spectral 6 findings [rule, document, line, column, pointer, severity, message] on these documents with ruleset.yaml, written by node bench/spectral-functions.mjs --record';
    writeFileSync(path.join(dir, 'answer.json'), JSON.stringify({ note, findings: a }).replace(/\],\[/g, '],\n  [') + '\n');
    console.log(`wrote fixtures/spectral/${name}/answer.json`);
  }
}
if (differences) process.exitCode = 1;
