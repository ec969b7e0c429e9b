// Rules written as data in .swaglint.yaml (given/then), through the CLI: exact places (also in
// a $ref'd file), severity overrides, ignores, baselines, the cache, the worker pool, config errors
// and `swaglint rules`; and a Spectral ruleset by `extends` and by --ruleset. What main() decides
// (findings, config errors, the rules list) runs it in this process; the cache, the worker pool, a
// ruleset's JavaScript (which hooks the process's imports) and a pattern that could hang, in a child.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, findings, runCli, runMain, tempProject, type CliRun } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

const fixture = path.join(projectDir, 'fixtures', 'declarative');

function project(): string {
  const dir = tempProject('swaglint-decl-');
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

const custom = (run: CliRun) =>
  findings(run)
    .filter((f) => f.ruleId.startsWith('acme/'))
    .map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`);

test('declarative rules report at the exact key or value, in the $ref\'d file where it is', async () => {
  const dir = project();
  const run = await runMain(['lint', 'api.yaml', '--format=json'], dir);
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(custom(run), [
    'api.yaml:10:16 acme/summary-capital',
    'api.yaml:16:5 acme/operation-owner',
    'models.yaml:4:5 acme/property-camel',
  ]);
  const owner = findings(run).find((f) => f.ruleId === 'acme/operation-owner')!;
  assert.equal(owner.message, '#/paths/~1orders/post has no x-owner: say which team answers for it');
});

test('a team\'s own declarative rules run on OpenAPI 3.0 and 3.1 documents as on Swagger 2.0', async () => {
  const dir = project();
  for (const version of ['3.0.3', '3.1.0']) {
    writeFileSync(
      path.join(dir, 'oas.yaml'),
      `openapi: ${version}\ninfo: {title: Orders, version: '1.0', description: Orders API}\npaths:\n  /orders:\n    get:\n      summary: lists orders\n      x-owner: sales\n      responses: {'200': {description: OK}}\n    post:\n      summary: Adds an order\n      responses: {'201': {description: Created}}\n`,
    );
    const run = await runMain(['lint', 'oas.yaml', '--format=json'], dir);
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(custom(run), ['oas.yaml:6:16 acme/summary-capital', 'oas.yaml:9:5 acme/operation-owner'], version);
  }
});

test('a declarative rule takes severity overrides and path scopes like a built-in one', async () => {
  const dir = project();
  writeFileSync(
    path.join(dir, '.swaglint.yaml'),
    readFileSync(path.join(dir, '.swaglint.yaml'), 'utf8') + 'overrides:\n  - paths: [/orders]\n    rules:\n      acme/operation-owner: off\n      acme/summary-capital: hint\n',
  );
  const run = await runMain(['lint', 'api.yaml', '--format=json'], dir);
  assert.deepEqual(custom(run), ['api.yaml:10:16 acme/summary-capital', 'models.yaml:4:5 acme/property-camel']);
  assert.equal((findings(run).find((f) => f.ruleId === 'acme/summary-capital') as unknown as { severity: string }).severity, 'hint');
});

test('an ignore comment and a baseline silence a declarative rule', async () => {
  const dir = project();
  const api = path.join(dir, 'api.yaml');
  writeFileSync(api, readFileSync(api, 'utf8').replace('      summary: list orders', '      # swaglint-disable-next-line acme/summary-capital\n      summary: list orders'));
  const run = await runMain(['lint', 'api.yaml', '--format=json'], dir);
  assert.deepEqual(custom(run), ['api.yaml:17:5 acme/operation-owner', 'models.yaml:4:5 acme/property-camel']);
  const write = await runMain(['lint', 'api.yaml', '--baseline-write', 'baseline.json'], dir);
  assert.equal(write.code, 0, write.stderr);
  const again = await runMain(['lint', 'api.yaml', '--format=json', '--baseline', 'baseline.json'], dir);
  assert.deepEqual(custom(again), []);
});

test('x-swaglint-ignore silences a declarative rule below it, also in a $ref\'d file; one that hides nothing is unused', async () => {
  const dir = project();
  const api = path.join(dir, 'api.yaml');
  writeFileSync(api, readFileSync(api, 'utf8').replace('    post:\n', '    post:\n      x-swaglint-ignore: [acme/operation-owner]\n').replace('      x-owner: team-orders\n', '      x-owner: team-orders\n      x-swaglint-ignore: [acme/summary-capital, acme/operation-owner]\n'));
  const models = path.join(dir, 'models.yaml');
  writeFileSync(models, readFileSync(models, 'utf8').replace(/^Order:\n/m, 'Order:\n  x-swaglint-ignore: [acme/property-camel]\n'));
  const run = await runMain(['lint', 'api.yaml', '--format=json'], dir);
  assert.deepEqual(custom(run), []);
  // the get operation has an owner: its ignore of acme/operation-owner hides nothing
  const unused = findings(run).filter((f) => f.ruleId === 'unused-ignore').map((f) => `${f.file}:${f.line} ${f.message}`);
  assert.equal(unused.length, 1, JSON.stringify(unused));
  assert.match(unused[0]!, /^api\.yaml:12 .*acme\/operation-owner/);
});

test('the cache stores declarative findings and sees a changed rule', () => {
  const dir = project();
  const first = runCli(['lint', 'api.yaml', '--format=json', '--cache'], dir);
  const second = runCli(['lint', 'api.yaml', '--format=json', '--cache'], dir);
  assert.deepEqual(custom(second), custom(first));
  const config = path.join(dir, '.swaglint.yaml');
  writeFileSync(config, readFileSync(config, 'utf8').replace('type: camel', 'type: snake'));
  const changed = runCli(['lint', 'api.yaml', '--format=json', '--cache'], dir);
  assert.deepEqual(custom(changed), ['api.yaml:10:16 acme/summary-capital', 'api.yaml:16:5 acme/operation-owner']);
});

test('declarative rules run in the worker pool (plain data) with the same findings', () => {
  const dir = project();
  const api = readFileSync(path.join(dir, 'api.yaml'), 'utf8');
  const names = ['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml', 'e.yaml'];
  for (const n of names) writeFileSync(path.join(dir, n), api);
  const run = runCli(['lint', ...names, '--format=json'], dir);
  const got = custom(run).filter((l) => !l.startsWith('models.yaml'));
  assert.deepEqual(got, names.flatMap((n) => [`${n}:10:16 acme/summary-capital`, `${n}:16:5 acme/operation-owner`]));
});

test('a rule that does not validate is a config error at its file:line:column', async () => {
  const cases: Array<[string, RegExp]> = [
    ['    then: {field: x-owner, function: nope}', /\.swaglint\.yaml:5:28: 'nope' is not a function swaglint has/],
    ['    then: {function: casing, functionOptions: {type: upper}}', /\.swaglint\.yaml:5:48: the casing function's 'type' must be equal to one of the allowed values/],
    ['    then: {function: pattern, functionOptions: {match: "("}}', /\.swaglint\.yaml:5:49: '\(' is not a valid regular expression/],
  ];
  for (const [line, message] of cases) {
    const dir = project();
    writeFileSync(path.join(dir, '.swaglint.yaml'), `rules:\n  acme/x:\n    severity: error\n    given: "$.info"\n${line}\n`);
    assertUserError(await runMain(['lint', 'api.yaml'], dir), message);
  }
  const dir = project();
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  acme/x:\n    given: "$.paths[?(@.x = 1)]"\n    then: {function: truthy}\n');
  assertUserError(await runMain(['lint', 'api.yaml'], dir), /\.swaglint\.yaml:3:5: in '\$\.paths\[\?\(@\.x = 1\)\]', the filter '@\.x = 1' does not parse/);
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  path-case:\n    given: "$"\n    then: {function: truthy}\n');
  assertUserError(await runMain(['lint', 'api.yaml'], dir), /\.swaglint\.yaml:2:3: 'path-case' is a built-in rule/);
});

test('swaglint rules lists custom rules with the file that defines them', async () => {
  const dir = project();
  const run = await runMain(['rules'], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Custom rules:\nacme\/operation-owner +error +convention +\{\{path\}\} has no x-owner: say which team answers for it +\(\.swaglint\.yaml:2:3\)/);
  assert.match(run.stdout, /acme\/property-camel +warn +convention .*\(\.swaglint\.yaml:10:3\)/);
});

const ruleset = `extends: [[spectral:oas, off]]
functions: [teamCheck]
rules:
  owner:
    given: "$.paths[*][*]"
    severity: 0
    then: {field: x-owner, function: truthy}
  team:
    given: "$"
    then: {function: teamCheck}
  oas3-only:
    formats: [oas3]
    given: "$"
    then: {function: falsy}
  operation-operationId-unique: warn
`;

const teamCheck = `module.exports = function teamCheck(doc, options, context) {
  return doc.info && doc.info['x-team'] ? [] : [{ message: 'no x-team in ' + context.document.source.split('/').pop(), path: ['info'] }];
};
`;

test('a Spectral ruleset runs by extends and by --ruleset, its JavaScript functions included', () => {
  const dir = project();
  writeFileSync(path.join(dir, '.spectral.yaml'), ruleset);
  writeFileSync(path.join(dir, 'b.yaml'), readFileSync(path.join(dir, 'api.yaml'), 'utf8'));
  const viaFlag = runCli(['lint', 'api.yaml', 'b.yaml', '--format=json', '--ruleset', '.spectral.yaml', '--config', '.spectral-none.yaml'], dir);
  assert.equal(viaFlag.code, 2); // no such --config: the flag is checked
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'extends: ./.spectral.yaml\n');
  // the function's file is missing: a configuration error at its place, not a rule silently off
  const missing = runCli(['lint', 'api.yaml', 'b.yaml', '--format=json'], dir);
  assertUserError(missing, /\.spectral\.yaml:10:12: the function 'teamCheck' has no file functions\/teamCheck\.js; Spectral reads a ruleset's functions from its functionsDir\./);
  mkdirSync(path.join(dir, 'functions'));
  writeFileSync(path.join(dir, 'functions', 'teamCheck.js'), teamCheck);
  writeFileSync(path.join(dir, 'functions', 'package.json'), '{"type": "commonjs"}\n');
  const run = runCli(['lint', 'api.yaml', 'b.yaml', '--format=json'], dir);
  const shown = (ids: string[]) => findings(run).filter((f) => ids.includes(f.ruleId)).map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId} ${(f as unknown as { severity: string }).severity} ${f.message}`);
  assert.deepEqual(shown(['owner', 'team']), [
    'api.yaml:2:6 team warn no x-team in api.yaml',
    'api.yaml:16:10 owner error "post.x-owner" property must be truthy',
    'b.yaml:2:6 team warn no x-team in b.yaml',
    'b.yaml:16:10 owner error "post.x-owner" property must be truthy',
  ]);
  assert.equal(findings(run).some((f) => f.ruleId === 'oas3-only' || f.ruleId === 'info-description'), false);
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules: {}\n');
  const flag = runCli(['lint', 'api.yaml', '--format=json', '--ruleset', '.spectral.yaml'], dir);
  assert.deepEqual(findings(flag).filter((f) => f.ruleId === 'owner' || f.ruleId === 'team').map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['2:6 team', '16:10 owner']);
});

test('a ruleset\'s patterns run in linear time: a nested quantifier against a long value ends', () => {
  const dir = project();
  const long = 'a'.repeat(5000) + '!';
  writeFileSync(
    path.join(dir, '.swaglint.yaml'),
    'rules:\n  acme/title-shape:\n    given: "$.info"\n    then: {field: title, function: pattern, functionOptions: {match: "/^(a+)+$/i"}}\n' +
      '  acme/title-camel:\n    given: "$.info.title"\n    then: {function: casing, functionOptions: {type: camel}}\n' +
      '  acme/title-filter:\n    given: "$[?(@.title && @.title.match(/^(a|aa)+$/))]"\n    then: {field: title, function: falsy}\n',
  );
  const api = path.join(dir, 'api.yaml');
  writeFileSync(api, readFileSync(api, 'utf8').replace(/title: .*/, `title: ${long}`));
  const run = runCli(['lint', 'api.yaml', '--format=json'], dir);
  assert.equal(run.signal, null, 'the run was killed: a pattern backtracked');
  const ids = findings(run).filter((f) => f.ruleId.startsWith('acme/title')).map((f) => f.ruleId).sort();
  // the value does not match (^(a+)+$ refuses the "!"), is no camel case (too long a run is fine, the "!" is not)
  assert.deepEqual(ids, ['acme/title-camel', 'acme/title-shape']);
});

test('a ruleset pattern that is not a regular expression is a config error at its place', async () => {
  const dir = project();
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  acme/back:\n    given: "$.info"\n    then: {field: title, function: pattern, functionOptions: {match: "^(a$"}}\n');
  const run = await runMain(['lint', 'api.yaml'], dir);
  assertUserError(run, /\.swaglint\.yaml:4:\d+.*not a valid regular expression/);
});
