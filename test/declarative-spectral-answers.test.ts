// Spectral rulesets on small fixtures, through the CLI's main() in this process (YAML rulesets of
// Spectral's own functions: no JavaScript of theirs runs), against Spectral's recorded answers
// (fixtures/spectral/<name>/answer.json, written by bench/spectral.mjs --answers --record): `formats`
// (oas2, oas3, oas3_0, oas3_1) and per-format alias targets on Swagger 2.0, OpenAPI 3.0 and 3.1
// documents; findings below a `$ref` with keys beside it; OpenAPI 3.2's `query` and
// `additionalOperations` under spectral:oas's operation rules; and what a ruleset's spectral:oas rules
// cannot run is said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findings, runMain, tempProject } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

const fixture = path.join(projectDir, 'fixtures', 'spectral', 'formats');
const documents = ['swagger.yaml', 'openapi30.yaml', 'openapi31.yaml'];
const ownRules = ['any-format-summary', 'oas2-only-produces', 'oas3-servers', 'oas3_0-nullable-free', 'oas3_1-license-identifier', 'oas3_1-type-list-length', 'schema-description', 'asyncapi-only'];

// above the tests: a test may start as soon as it is declared (when the file runs after others in
// one process), before the lines below it have run
type Row = readonly [string, string, number, string];
const key = (r: Row) => r.join(' ');
function answerOf(dir: string): string[] {
  return (JSON.parse(readFileSync(path.join(dir, 'answer.json'), 'utf8')) as { findings: Row[] }).findings.map(key).sort();
}

function project(): string {
  const dir = tempProject('swaglint-formats-');
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

test('a Spectral rule runs on the documents its formats name, its aliases giving each format its paths, as Spectral runs it', async () => {
  const dir = project();
  const run = await runMain(['lint', '--ruleset', 'ruleset.yaml', '--format=json', ...documents], dir);
  assert.equal(run.code, 1, run.stderr);
  const own = findings(run).filter((f) => ownRules.includes(f.ruleId)) as unknown as Array<{ ruleId: string; file: string; line: number; column: number; pointer: string }>;
  assert.deepEqual(own.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`).sort(), [
    'openapi30.yaml:1:1 oas3-servers',
    'openapi30.yaml:14:10 any-format-summary',
    'openapi30.yaml:20:11 schema-description',
    'openapi30.yaml:22:17 oas3_0-nullable-free',
    'openapi31.yaml:11:9 any-format-summary',
    'openapi31.yaml:17:11 schema-description',
    'openapi31.yaml:17:11 oas3_1-type-list-length',
    'openapi31.yaml:5:11 oas3_1-license-identifier',
    'swagger.yaml:12:9 schema-description',
    'swagger.yaml:1:1 oas2-only-produces',
    'swagger.yaml:7:9 any-format-summary',
  ].sort());
  assert.deepEqual(own.map((f) => key([f.ruleId, f.file, f.line, f.pointer])).sort(), answerOf(fixture));
});

test('below a $ref with keys beside it, a finding is at the key beside it, or at the target once the path crossed another $ref, as Spectral places it', async () => {
  const dir = tempProject('swaglint-siblings-');
  const from = path.join(projectDir, 'fixtures', 'spectral', 'ref-siblings');
  cpSync(from, dir, { recursive: true });
  const run = await runMain(['lint', '--ruleset', 'ruleset.yaml', '--format=json', 'api.yaml'], dir);
  const own = findings(run).filter((f) => f.ruleId === 'description-length') as unknown as Array<{ ruleId: string; file: string; line: number; column: number; pointer: string }>;
  assert.deepEqual(own.map((f) => `${f.line}:${f.column} ${f.pointer}`), [
    '12:22 /definitions/Order/properties/line/description',
    '19:22 /definitions/Line/properties/product/description',
    '25:22 /definitions/Party/properties/address/description',
    '26:41 /definitions/Party/properties/name/description',
    '29:18 /definitions/Address/description',
    '32:18 /definitions/Product/description',
  ]);
  assert.deepEqual(own.map((f) => key([f.ruleId, f.file, f.line, f.pointer])).sort(), answerOf(from));
});

test("OpenAPI 3.2's query operation and additionalOperations: spectral:oas's operation rules skip them and a ruleset's own JSONPath reaches them, as Spectral runs them", async () => {
  const dir = tempProject('swaglint-oas32-ops-');
  const from = path.join(projectDir, 'fixtures', 'spectral', 'oas32-operations');
  cpSync(from, dir, { recursive: true });
  const run = await runMain(['lint', '--ruleset', 'ruleset.yaml', '--format=json', 'openapi32.yaml'], dir);
  const rules = ['operation-operationId', 'operation-tags', 'operation-tag-defined', 'own-method-summary', 'own-additional-summary'];
  const own = findings(run).filter((f) => rules.includes(f.ruleId)) as unknown as Array<{ ruleId: string; file: string; line: number; column: number; pointer: string }>;
  // the query at line 8 lacks an operationId and tags, the COPY at line 10 names an undefined tag: Spectral says nothing of either
  assert.deepEqual(own.map((f) => `${f.line}:${f.column} ${f.ruleId}`).sort(), ['10:12 own-additional-summary', '13:10 operation-operationId', '13:10 own-method-summary', '13:19 operation-tag-defined', '8:11 own-method-summary'].sort());
  assert.deepEqual(own.map((f) => key([f.ruleId, f.file, f.line, f.pointer])).sort(), answerOf(from));
});

test('extends spectral:oas: every one of its rules runs on an OpenAPI 3 document, none is named as skipped', async () => {
  const dir = project();
  writeFileSync(path.join(dir, '.spectral.yaml'), 'extends: spectral:oas\nrules:\n  oas3-parameter-description: warn\n');
  const run = await runMain(['lint', '--ruleset', '.spectral.yaml', '--format=json', 'openapi31.yaml'], dir);
  assert.doesNotMatch(run.stderr, /do not run/);
  // rules swaglint defines as Spectral does, a recommended one and one the ruleset turns on
  assert.ok(findings(run).some((f) => f.ruleId === 'info-contact'), run.stdout);
  writeFileSync(path.join(dir, 'param.yaml'), 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      parameters: [{name: q, in: query, schema: {type: string}}]\n      responses: {"200": {description: OK}}\n');
  const param = await runMain(['lint', '--ruleset', '.spectral.yaml', '--format=json', 'param.yaml'], dir);
  assert.deepEqual(findings(param).filter((f) => f.ruleId === 'oas3-parameter-description').map((f) => `${f.line}:${f.column}`), ['6:20']);
  // the counterpart of oas3-schema runs: an invalid document is reported
  writeFileSync(path.join(dir, 'bad.yaml'), 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {"200": {descriptio: OK}}\n');
  const bad = await runMain(['lint', '--ruleset', '.spectral.yaml', '--format=json', 'bad.yaml'], dir);
  assert.ok(findings(bad).some((f) => f.ruleId === 'schema-valid'), bad.stdout);
});
