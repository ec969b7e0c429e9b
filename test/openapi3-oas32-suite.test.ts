// The OAI's own OpenAPI 3.2 schema tests (fixtures/oas32-schema-suite/: tests/schema/pass and fail of
// OAI/OpenAPI-Specification at the commit its README names), linted with the default rules.
//
// Two verdicts. The schema verdict (an error of schema-valid, openapi-version or parse-error) is what the
// OAI's suite tests: it agrees with the folder of every document. swaglint's verdict (invalid when any
// validity finding is an error) also reads what the schema cannot: the suite's documents are schema
// excerpts, and at this commit its pass documents no longer carry the component stubs their 3.1 twins had
// (fixtures/openapi3-corpus/oai/), so their `$ref`s point at nothing. Those documents break the
// specification ("The referenced structure MUST be of the type"…) outside the schema: each is listed below
// with why, as fixtures/openapi3-corpus/MANIFEST.tsv lists its `spec_verdict`s, and swaglint's verdict
// must agree with the specification's (the folder, corrected by that list) on at least 98%.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lintText } from '../src/pipeline/lint.js';
import type { Diagnostic } from '../src/types.js';
import { projectDir } from './helpers/paths.js';

const suite = path.join(projectDir, 'fixtures', 'oas32-schema-suite');

const dangling = 'its `$ref`s name components the excerpt does not define (ref-resolves); the 3.1 twin defined them';

/** Documents of `pass/` that the specification rejects for what the schema cannot check, with the rule that says so. */
const beyondTheSchema = new Map<string, string>([
  ['pass/callback-object-examples.yaml', dangling],
  ['pass/example-object-examples.yaml', dangling],
  ['pass/header-object-examples.yaml', dangling],
  ['pass/media-type-examples.yaml', `${dangling}; and \`$ref: '#components/schemas/Pet'\` is no JSON pointer`],
  ['pass/path-item-object-example.yaml', dangling],
  ['pass/paths-object-example.yaml', dangling],
  ['pass/request-body-examples.yaml', dangling],
  ['pass/response-object-examples.yaml', dangling],
  ['pass/link-object-examples.yaml', 'its links name operationIds and an operationRef that no operation has (link-operation); the same as its 3.1 twin'],
  ['pass/path_item_servers_parameters.yaml', `a link names operationId \`getThing\`, which no operation has (link-operation); and ${dangling}`],
  ['pass/operation-object-example.yaml', 'PUT /pets/{id} declares path parameter `petId`, not `id` (path-params-match), and uses an undefined security scheme: the specification\'s own excerpt'],
]);

/** Where swaglint's verdict and the specification's part. */
const knownDisagreements = new Map<string, string>([
  // its `$ref: https://example.com/…` is a remote file that a lint without fetching does not read; the same
  // document's 3.1 twin is the one disagreement of that version's suite (test/openapi3-corpus.test.ts)
  ['pass/security-scheme-object-examples.yaml', 'a remote $ref not fetched counts as unresolved'],
]);

const schemaRules = new Set(['schema-valid', 'openapi-version', 'parse-error']);
const errors = (findings: Diagnostic[]) => findings.filter((f) => f.severity === 'error' && f.category === 'validity');

async function verdicts(): Promise<Array<{ file: string; folder: string; schema: string; swaglint: string; findings: Diagnostic[] }>> {
  const documents = ['pass', 'fail'].flatMap((folder) => readdirSync(path.join(suite, folder)).filter((n) => n.endsWith('.yaml')).sort().map((n) => `${folder}/${n}`));
  const out = [];
  for (const file of documents) {
    const uri = path.join(suite, file);
    const { diagnostics, skipped } = await lintText(readFileSync(uri, 'utf8'), uri, { cwd: suite });
    assert.equal(skipped, undefined, file);
    assert.ok(!diagnostics.some((d) => d.ruleId === 'internal-error' || d.ruleId === 'openapi-version'), `${file}: ${diagnostics.map((d) => d.message).join('; ')}`);
    const found = errors(diagnostics);
    out.push({ file, folder: file.split('/')[0]!, schema: found.some((f) => schemaRules.has(f.ruleId)) ? 'fail' : 'pass', swaglint: found.length > 0 ? 'fail' : 'pass', findings: found });
  }
  return out;
}

const show = (f: Diagnostic) => `${f.range.start.line + 1}:${f.range.start.character + 1} ${f.ruleId} ${f.message}`;

test('the OAI 3.2 schema suite: the schema verdict agrees with every folder, swaglint\'s with the specification\'s on at least 98%', async () => {
  const results = await verdicts();
  assert.ok(results.length >= 50, `${results.length} documents`);
  const schemaDisagreements = results.filter((r) => r.schema !== r.folder).map((r) => `${r.file}: ${r.findings.map(show).join('; ') || 'no error'}`);
  assert.deepEqual(schemaDisagreements, []);
  for (const file of beyondTheSchema.keys()) assert.ok(results.some((r) => r.file === file), `${file} is in the suite`);
  const disagreements = results.filter((r) => r.swaglint !== (beyondTheSchema.has(r.file) ? 'fail' : r.folder));
  assert.deepEqual(disagreements.filter((r) => !knownDisagreements.has(r.file)).map((r) => `${r.file}: ${r.findings.map(show).join('; ') || 'no error'}`), [], 'unexpected disagreements');
  const agreement = (results.length - disagreements.length) / results.length;
  assert.ok(agreement >= 0.98, `agreement ${(agreement * 100).toFixed(1)}%`);
  // the reason given for a document beyond the schema is the rule that rejects it
  for (const r of results.filter((x) => beyondTheSchema.has(x.file))) {
    assert.ok(r.findings.every((f) => !schemaRules.has(f.ruleId)) && r.findings.some((f) => beyondTheSchema.get(r.file)!.includes(f.ruleId)), `${r.file}: ${r.findings.map(show).join('; ')}`);
  }
});

test('the OAI 3.2 schema suite keeps its licence and says where it comes from', () => {
  assert.ok(existsSync(path.join(suite, 'LICENSE')));
  assert.match(readFileSync(path.join(suite, 'README.md'), 'utf8'), /OAI\/OpenAPI-Specification[\s\S]*[0-9a-f]{40}/);
});
