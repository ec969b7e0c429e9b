// OpenAPI 3.0 and 3.1 documents nobody here wrote, with the verdicts of the suites they come from,
// each checked against the specification (fixtures/openapi3-corpus/MANIFEST.tsv says where each comes
// from, its licence, and why a verdict differs from its suite's). swaglint's verdict: invalid when a
// validity finding is an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSource } from '../src/load/source.js';
import { resolveDocument } from '../src/load/load.js';
import type { LoadedDocument } from '../src/load/refs.js';
import { lintOpenApi3 } from './helpers/openapi3-lint.js';
import type { Diagnostic } from '../src/types.js';

const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'openapi3-corpus');

interface Entry {
  file: string;
  repository: string;
  licence: string;
  specVerdict: 'pass' | 'fail';
  firstRule: string;
  reason: string;
}

function manifest(): Entry[] {
  const [header, ...lines] = readFileSync(path.join(corpus, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  const columns = header!.split('\t');
  return lines.map((line) => {
    const cells = Object.fromEntries(line.split('\t').map((cell, i) => [columns[i], cell]));
    return { file: cells['file']!, repository: cells['repository']!, licence: cells['licence']!, specVerdict: cells['spec_verdict'] as 'pass' | 'fail', firstRule: cells['first_rule']!, reason: cells['reason']! };
  });
}

async function loaded(file: string): Promise<LoadedDocument> {
  const uri = path.join(corpus, file);
  const parsed = parseSource(readFileSync(uri, 'utf8'), uri);
  if (!parsed.ok) throw new Error(`${file} does not parse: ${parsed.problem.message}`);
  return resolveDocument(parsed.source, { projectRoot: corpus, cwd: corpus });
}

const invalid = (findings: Diagnostic[]) => findings.some((f) => f.severity === 'error' && f.category === 'validity');

/** Where swaglint and the specification part, and why (the manifest's reasons say more). */
const knownDisagreements = new Set([
  'mermade/3.0/fail/OAI/api-with-examples.yaml', // YAML indentation of a flow mapping the parser accepts
  'oai/tests/schema/pass/security-scheme-object-examples.yaml', // a remote $ref not fetched counts as unresolved
]);

test('the corpus: verdicts agree with the specification on at least 98% of documents, with no crash, and each known disagreement is listed', async () => {
  const entries = manifest();
  assert.ok(entries.length >= 200, `${entries.length} documents`);
  assert.ok(entries.some((e) => e.file.includes('/3.0/')) && entries.some((e) => /3\.1\/|tests\/schema/.test(e.file)), 'both versions');
  const disagreements: string[] = [];
  for (const entry of entries) {
    const findings = await lintOpenApi3(await loaded(entry.file));
    const verdict = invalid(findings) ? 'fail' : 'pass';
    if (verdict !== entry.specVerdict) disagreements.push(entry.file);
    else if (entry.firstRule !== '') assert.equal(findings[0]?.ruleId, entry.firstRule, `${entry.file}: the first finding names the cause (${entry.reason})`);
  }
  assert.deepEqual(disagreements, [...knownDisagreements].filter((f) => disagreements.includes(f)), `unexpected disagreements: ${disagreements.filter((f) => !knownDisagreements.has(f)).join(', ')}`);
  const agreement = (entries.length - disagreements.length) / entries.length;
  assert.ok(agreement >= 0.98, `agreement ${(agreement * 100).toFixed(1)}%`);
});

test('the corpus: every source has its licence beside its documents', () => {
  for (const source of new Set(manifest().map((e) => e.file.split('/')[0]!))) assert.ok(existsSync(path.join(corpus, source, 'LICENSE')), `${source}/LICENSE`);
});

test('a finding in a $ref\'d file is in that file, at the line and column of the offending key', async () => {
  const findings = await lintOpenApi3(await loaded('mermade/3.0/fail/schemaProperties.yaml'));
  const first = findings[0]!;
  assert.equal(path.relative(corpus, first.uri), 'mermade/3.0/resources/myobject.yml');
  assert.deepEqual([first.ruleId, first.range.start.line + 1, first.range.start.character + 1], ['schema-valid', 3, 7]);
  assert.match(first.message, /Unknown property `name` in a schema/);
});

test('a 3.0 Schema Object is checked as 3.0 writes schemas, a 3.1 one as JSON Schema 2020-12', async () => {
  const lint = async (text: string) => lintOpenApi3(await resolveDocument((parseSource(text, '/virtual/api.yaml') as { ok: true; source: Parameters<typeof resolveDocument>[0] }).source, { cwd: '/virtual' }));
  const schema = (version: string) => `openapi: ${version}\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      type: [object, 'null']\n      $defs: {Id: {type: string}}\n`;
  const in30 = await lint(schema('3.0.3'));
  assert.deepEqual(in30.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.range.start.line + 1}:${f.range.start.character + 1}`).sort(), ['schema-valid 7:13', 'schema-valid 8:7']);
  const in31 = await lint(schema('3.1.0'));
  assert.deepEqual(in31.filter((f) => f.severity === 'error'), []);
  const badKeyword = await lint(`openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Pet: {type: object, minProperties: many}\n`);
  assert.deepEqual(badKeyword.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.range.start.line + 1}:${f.range.start.character + 1}`), ['schema-valid 6:40']);
});
