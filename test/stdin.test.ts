// `swaglint lint -` (issue 30): the document on stdin, as ESLint and Spectral take it, named by
// --stdin-filename for its configuration, its relative $refs and the report.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, findings, runCli } from './helpers/cli.js';
import { cleanHead, projectWith } from './helpers/project.js';

const verbPath = `${cleanHead}paths:\n  /getOrders:\n    get:\n      responses: {'200': {description: OK, schema: {$ref: 'defs.yaml#/Order'}}}\n`;
const dir = projectWith({
  'api/defs.yaml': 'Order: {type: object, required: [total], properties: {id: {type: string}}}\n',
  // required-properties-exist is off in recommended (issue 38): turned on here, its finding in the $ref'd file is the point
  'api/.swaglint.yaml': 'rules:\n  path-no-verbs: warn\n  required-properties-exist: error\n',
  'other.yaml': 'not: an API\n',
});
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const ids = (run: ReturnType<typeof runCli>) => findings(run).map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`);

test('lint - --stdin-filename: linted as that file (its config, its $refs, its name); the directory is not linted', () => {
  const run = runCli(['lint', '-', '--stdin-filename', 'api/orders.yaml', '-f', 'json'], dir, { input: verbPath });
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(ids(run), ['api/defs.yaml:1:34 required-properties-exist', 'api/orders.yaml:6:4 path-no-verbs']);
  // the configuration beside the named file applies: path-no-verbs is a warning there
  assert.equal((JSON.parse(run.stdout) as Array<{ ruleId: string; severity: string }>).find((f) => f.ruleId === 'path-no-verbs')!.severity, 'warn');
  assert.equal(run.stderr, '');
});

test('lint - alone: the report calls it <stdin>; the stylish report has its code frame', () => {
  const run = runCli(['lint', '-', '--rule', 'path-no-verbs=error'], dir, { input: `${cleanHead}paths:\n  /getOrders:\n    get:\n      responses: {'200': {description: OK}}\n` });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /^<stdin>:6:4 error 'get' in '\/getOrders' names an action/m);
  assert.match(run.stdout, /> 6 \|   \/getOrders:/);
  // the shorthand without the command, as `swaglint <files>`
  assert.deepEqual(ids(runCli(['-', '-f', 'json'], dir, { input: `${cleanHead}paths: {}\n` })), []);
});

test('lint -: text that is not an API description is skipped with a notice; --strict reports it', () => {
  const run = runCli(['lint', '-'], dir, { input: 'not: an API\n' });
  assert.equal(run.code, 0);
  assert.match(run.stderr, /skipped <stdin>: not an API description/);
  assert.deepEqual(ids(runCli(['lint', '-', '--strict', '-f', 'json'], dir, { input: 'not: an API\n' })), ['<stdin>:1:1 not-swagger']);
});

test("'-' beside other files, or --stdin-filename without '-': one sentence, exit 2", () => {
  assertUserError(runCli(['lint', '-', 'other.yaml'], dir, { input: '' }), /'-' \(the document on stdin\) is linted alone/);
  assertUserError(runCli(['lint', 'other.yaml', '--stdin-filename', 'a.yaml'], dir), /--stdin-filename names the document read from stdin; give '-'/);
});
