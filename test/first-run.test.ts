// The first run a team makes (issue 30): it fails only on what is certainly wrong. Convention rules
// are warnings by default, unless their measured precision earns `error` (path-no-verbs and
// path-collection-plural: issue 26 decides those two from its leave-one-source-out figures; the other
// path and method rules: issue 38's, bench/path-rules.mjs, which test/path-rules-score.test.ts holds them to).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { builtinRules } from '../rules/index.js';
import { runMain, tempProject } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const measured = new Set(['path-no-verbs', 'path-collection-plural', 'delete-member-only', 'path-member-id', 'path-no-multi-id', 'path-subcollection-nesting', 'post-collection-only', 'put-member-only', 'path-param-names-consistent', 'required-properties-exist']);

test('no convention rule is an error by default but those whose measured precision decides it', async () => {
  const errors = builtinRules.filter((r) => r.meta.category === 'convention' && r.meta.severity === 'error' && !measured.has(r.meta.id)).map((r) => r.meta.id);
  assert.deepEqual(errors, []);
});

test('credentials offered over http: a warning, so a valid document passes its first run (exit 0)', async () => {
  const dir = tempProject('swaglint-first-run-');
  after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
  writeProjectFile(dir, 'api.yaml', `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
schemes: [http, https]
securityDefinitions:
  basic: {type: basic}
security: [{basic: []}]
paths:
  /orders:
    get:
      responses: {'200': {description: OK}}
`);
  const run = await runMain(['lint', 'api.yaml', '--format', 'json'], dir);
  assert.equal(run.code, 0, run.stderr);
  const found = JSON.parse(run.stdout) as Array<{ line: number; column: number; ruleId: string; severity: string }>;
  assert.deepEqual(found.map((f) => `${f.line}:${f.column} ${f.severity} ${f.ruleId}`), ['3:11 warn credentials-over-https']);
  const stylish = await runMain(['lint', 'api.yaml'], dir);
  assert.match(stylish.stdout.trimEnd().split('\n').at(-1)!, /^1 finding is a house convention, not an invalid API description: tune the rules with `swaglint init`/);
});

test('a document with many descriptions outside the Markdown subset: one line in the report, --markdown-details lists them', async () => {
  const dir = tempProject('swaglint-first-run-');
  after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
  const paths = Array.from({ length: 10 }, (_, i) => `  /orders${i}:\n    get:\n      description: 'See [the guide](https://example.com/${i}).'\n      responses: {'200': {description: OK}}\n`).join('');
  writeProjectFile(dir, 'api.yaml', `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\nschemes: [https]\nsecurity: []\npaths:\n${paths}`);
  const run = await runMain(['lint', 'api.yaml'], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.doesNotMatch(run.stdout, / description-markdown$/m);
  assert.match(run.stdout, /^10 description-markdown findings .* are not listed: --markdown-details lists them/m);
  const details = await runMain(['lint', 'api.yaml', '--markdown-details'], dir);
  assert.equal(details.stdout.match(/ description-markdown$/gm)?.length, 10);
});
