// Everything around linting, on a folder of OpenAPI 3 documents through the CLI: `swaglint init`
// and the configuration it writes, the SARIF, JUnit and GitHub reports (the real CLI), --cache, a
// baseline, and ignore comments and x-swaglint-ignore (its main() in this process). The folder: a 3.0 YAML document with a $ref'd file, a 3.1
// JSON document, and a YAML file that is no API description.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { assertNoStack, findings, runCli, runMain, tempProject, type CliRun } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';
import { cacheKeyFile, entryMac, type Entry } from '../src/cli/lint-cache.js';

const dir = tempProject('swaglint-oas3-cli-');
// the cache's HMAC key of these runs (main() here reads it, children inherit it), not the user's own
process.env['XDG_CACHE_HOME'] = path.join(path.dirname(dir), 'user-cache');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const file = (name: string, content: string): string => writeProjectFile(dir, name, content);
const lint = (...args: string[]) => {
  const run = runCli(['lint', ...args], dir);
  assertNoStack(run);
  return run;
};
/** main() in this process, for what it decides (the cache, the baseline, the ignores): a child's start is some 0.25 s of CPU. */
const lintMain = async (...args: string[]): Promise<CliRun> => {
  const run = await runMain(['lint', ...args], dir);
  assertNoStack(run);
  return run;
};
const show = (f: { file: string; line: number; column: number; ruleId: string }) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`;

const orders = `openapi: 3.0.3
info:
  title: Orders
  version: '1.0'
servers:
  - url: 'https://api.example.com'
paths:
  /orders:
    get:
      responses: {'200': {description: The orders., content: {application/json: {schema: {$ref: 'schemas.yaml#/Order'}}}}}
security: []
`;
const schemas = `Order:
  type: object
  description: An order; see [the guide](https://example.com/guide).
  properties:
    id: {type: string}
`;
const users = `{
  "openapi": "3.1.0",
  "info": {"title": "Users", "version": "1.0", "description": "Users."},
  "paths": {
    "/users": {
      "get": {"operationId": "listUsers", "responses": {"200": {"description": "The users."}}},
      "post": {"operationId": "listUsers", "responses": {"201": {"description": "Created.", "content": {"application/json": {"schema": {"type": "object"}}}}}}
    }
  },
  "security": []
}
`;
file('apis/orders.yaml', orders);
file('apis/schemas.yaml', schemas);
file('apis/users.json', users);
file('apis/deployment.yaml', 'kind: Deployment\nspec: {}\n');


test('swaglint init in a folder of OpenAPI 3 documents writes a configuration that lint then uses', (t) => {
  const config = path.join(dir, '.swaglint.yaml');
  t.after(() => rmSync(config, { force: true }));
  const init = runCli(['init'], dir);
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /^Wrote \.swaglint\.yaml; edit it, then run swaglint lint\.\n$/);
  const before = lint('-f', 'json');
  assert.equal(before.code, 1, before.stderr); // operation-id-unique is an error
  assert.deepEqual(findings(before).map(show), ['apis/orders.yaml:2:1 info-description', 'apis/schemas.yaml:3:30 description-markdown', 'apis/users.json:7:31 operation-id-unique']);
  assert.match(before.stderr, /deployment\.yaml/, 'the file that is no API description is skipped with a notice');
  // the starter's commented rule, turned on as its comment shows
  writeFileSync(config, readFileSync(config, 'utf8').replace('  # description-nonempty: warn', '  description-nonempty: warn\n  operation-id-unique: warn'));
  const after = lint('-f', 'json');
  assert.equal(after.code, 0, after.stderr);
  assert.deepEqual(findings(after).map(show), [
    'apis/orders.yaml:2:1 info-description',
    'apis/orders.yaml:9:5 description-nonempty',
    'apis/schemas.yaml:3:30 description-markdown',
    'apis/schemas.yaml:5:5 description-nonempty',
    'apis/users.json:6:7 description-nonempty',
    'apis/users.json:7:7 description-nonempty',
    'apis/users.json:7:31 operation-id-unique',
  ]);
});

test('sarif, junit and github on OpenAPI 3 documents: every finding at its place, a $ref\'d file\'s under its document', () => {
  // one run writes every format (a run per format cost a process each): json, the reference the others
  // are compared with, sarif and junit to files beside the project, github on stdout
  const report = (format: string) => path.join(path.dirname(dir), `report.${format}`);
  const every = lint('apis', '-f', 'json', '-o', report('json'), '-f', 'sarif', '-o', report('sarif'), '-f', 'junit', '-o', report('junit'), '-f', 'github');
  const expected = findings({ ...every, stdout: readFileSync(report('json'), 'utf8') });
  const log = JSON.parse(readFileSync(report('sarif'), 'utf8')) as {
    runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri: string }> } }; results: Array<{ ruleId: string; ruleIndex: number; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; snippet: { text: string } } } }> }> }>;
  };
  const [run] = log.runs;
  assert.deepEqual(run!.results.map((r) => `${r.locations[0]!.physicalLocation.artifactLocation.uri}:${r.locations[0]!.physicalLocation.region.startLine}:${r.locations[0]!.physicalLocation.region.startColumn} ${r.ruleId}`), expected.map(show));
  for (const r of run!.results) assert.equal(run!.tool.driver.rules[r.ruleIndex]!.id, r.ruleId);
  // the OpenAPI 3 rules are described too, with their pages
  const rule = run!.tool.driver.rules.find((r) => r.id === 'operation-id-unique')!;
  assert.match(rule.helpUri, /docs\/rules\/operation-id-unique\.md$/);
  assert.equal(run!.results.find((r) => r.ruleId === 'description-markdown')!.locations[0]!.physicalLocation.region.snippet.text, '[the guide](https://example.com/guide)');

  const junit = readFileSync(report('junit'), 'utf8');
  assert.equal(XMLValidator.validate(junit), true);
  const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testcase', 'failure', 'testsuite'].includes(name) }).parse(junit).testsuites.testsuite[0];
  const cases = new Map((suite.testcase as Array<{ name: string; failure?: Array<{ type: string }>; skipped?: unknown }>).map((c) => [c.name, c]));
  assert.deepEqual([...cases.keys()].sort(), ['apis/deployment.yaml', 'apis/orders.yaml', 'apis/schemas.yaml', 'apis/users.json']);
  assert.deepEqual(cases.get('apis/orders.yaml')!.failure!.map((f) => f.type), ['info-description', 'description-markdown']);
  assert.deepEqual(cases.get('apis/users.json')!.failure!.map((f) => f.type), ['operation-id-unique']);
  assert.ok(cases.get('apis/deployment.yaml')!.skipped !== undefined);

  const github = every.stdout.trimEnd().split('\n');
  assert.deepEqual(github.map((l) => /^::(?:error|warning|notice) file=([^,]+),line=(\d+),col=(\d+),.*title=([a-z-]+)::/.exec(l)!.slice(1).join(' ')), expected.map((f) => `${f.file} ${f.line} ${f.column} ${f.ruleId}`));
});

test('--cache on an OpenAPI 3 document: served while unchanged, linted again when its $ref\'d file changes', async () => {
  const args = ['apis/orders.yaml', '-f', 'json', '--cache'];
  assert.deepEqual(findings(await lintMain(...args)).map(show), ['apis/orders.yaml:2:1 info-description', 'apis/schemas.yaml:3:30 description-markdown']);
  // a sentinel planted in the cache (signed as swaglint signs) proves that the next run serves it
  const cacheFile = path.join(dir, '.swaglint-cache');
  const key = path.join(dir, 'apis', 'orders.yaml');
  const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
  const entry = cache.entries[key];
  assert.ok(entry, 'the document has an entry');
  entry.diagnostics = [{ ruleId: 'info-title', severity: 'warn', message: 'served from the cache', uri: key, pointer: '', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }];
  entry.mac = entryMac(readFileSync(cacheKeyFile()), key, entry as Entry);
  writeFileSync(cacheFile, JSON.stringify(cache));
  assert.deepEqual(findings(await lintMain(...args)).map((f) => f.message), ['served from the cache']);
  file('apis/schemas.yaml', schemas.replace('; see [the guide](https://example.com/guide)', ''));
  assert.deepEqual(findings(await lintMain(...args)).map(show), ['apis/orders.yaml:2:1 info-description']);
  file('apis/schemas.yaml', schemas);
});

test('a baseline of OpenAPI 3 findings: accepted ones are not reported, a new one is', async () => {
  const wrote = await lintMain('apis', '-f', 'json', '--baseline-write', 'baseline.json');
  assert.match(wrote.stderr, /recorded 3 findings in baseline\.json/);
  const baselined = await lintMain('apis', '-f', 'json', '--baseline', 'baseline.json');
  assert.equal(baselined.code, 0, baselined.stderr);
  assert.deepEqual(findings(baselined), []);
  // a new finding among the accepted ones, with lines inserted above them
  file('apis/orders.yaml', orders.replace("servers:\n", "# a comment above\nservers:\n").replace('  /orders:\n', '  /getOrders:\n    get: {description: Old., responses: {\'200\': {description: OK}}}\n  /orders:\n'));
  const next = await lintMain('apis', '-f', 'json', '--baseline', 'baseline.json');
  assert.deepEqual(findings(next).map(show), ['apis/orders.yaml:9:4 path-no-verbs']);
  file('apis/orders.yaml', orders);
});

test('ignore comments in an OpenAPI 3.0 YAML document and x-swaglint-ignore in a 3.1 JSON one hide their findings; one that hides nothing is reported', async () => {
  file('apis/orders.yaml', orders.replace('info:\n', '# swaglint-disable-next-line info-description\ninfo:\n').replace('servers:\n', '# swaglint-disable-next-line path-no-verbs\nservers:\n'));
  file('apis/users.json', users.replace('"/users": {\n', '"/users": {\n      "x-swaglint-ignore": ["operation-id-unique"],\n'));
  const run = await lintMain('apis', '-f', 'json');
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(findings(run).map(show), ['apis/orders.yaml:6:30 unused-ignore', 'apis/schemas.yaml:3:30 description-markdown']);
  file('apis/orders.yaml', orders);
  file('apis/users.json', users);
});
