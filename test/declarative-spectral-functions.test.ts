// Spectral's core functions or, typedEnum and unreferencedReusableObject, findings about property names,
// findings whose path reaches through a $ref, findings at the document's root, and a ruleset's
// asynchronous JavaScript functions, through the CLI on fixtures/spectral/<name>/, against the findings the
// real Spectral CLI gave on them (answer.json, written by `node bench/spectral-functions.mjs --record`):
// the same rule, document, line:column, JSON pointer, severity and message, none more, none fewer.
// A YAML ruleset of Spectral's own functions runs main() in this process (no JavaScript of the
// ruleset's, nothing of the process touched); a ruleset's JavaScript, which hooks the process's
// imports, and the 5,000-$ref chain's stack run the real CLI in a child.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, findings, runCli, runMain, tempProject, type CliRun } from './helpers/cli.js';
import { projectWith } from './helpers/project.js';
import { projectDir } from './helpers/paths.js';
import { settled, StalledFunction } from '../src/declarative/settle.js';

type Row = [rule: string, document: string, line: number, column: number, pointer: string, severity: string, message: string];

const fixtures = path.join(projectDir, 'fixtures', 'spectral');

/** The fixture in a project of its own, linted with its ruleset: the rows of the ruleset's rules. */
async function lintFixture(name: string): Promise<{ run: CliRun; rows: Row[]; answer: Row[] }> {
  const from = path.join(fixtures, name);
  const dir = tempProject(`swaglint-${name}-`);
  cpSync(from, dir, { recursive: true });
  const docs = readdirSync(from).filter((f) => /\.(yaml|json)$/.test(f) && f !== 'ruleset.yaml' && f !== 'answer.json');
  const args = ['lint', '--ruleset', 'ruleset.yaml', '--format=json', ...docs];
  const run = existsSync(path.join(from, 'functions')) ? runCli(args, dir) : await runMain(args, dir);
  assert.notEqual(run.code, 2, run.stderr);
  const ruleNames = new Set([...readFileSync(path.join(from, 'ruleset.yaml'), 'utf8').matchAll(/^ {2}([\w.-]+):/gm)].map((m) => m[1]!));
  const rows = (findings(run) as unknown as Array<{ ruleId: string; file: string; line: number; column: number; pointer: string; severity: string; message: string }>)
    .filter((f) => ruleNames.has(f.ruleId.replace(/^spectral\//, '')))
    .map((f): Row => [f.ruleId.replace(/^spectral\//, ''), f.file, f.line, f.column, f.pointer, f.severity, f.message]);
  const answer = (JSON.parse(readFileSync(path.join(from, 'answer.json'), 'utf8')) as { findings: Row[] }).findings;
  return { run, rows: sorted(rows), answer: sorted(answer) };
}

const sorted = (rows: Row[]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const places = (rows: Row[], rule: string) => rows.filter((r) => r[0] === rule).map((r) => `${r[1]}:${r[2]}:${r[3]} ${r[4]}`);

test('or: an object with none of the properties is reported, one with any of them passes, as Spectral reports it', async () => {
  const { rows, answer } = await lintFixture('or');
  assert.deepEqual(rows, answer);
  // info has neither contact nor license; licensed.yaml's has a license
  assert.deepEqual(places(rows, 'info-contact-or-license'), ['api.yaml:2:6 /info']);
  // get has a summary, delete two of them, put (in licensed.yaml) x-notes: only post has none; in
  // JSON too, the finding starts one character past the key, as Spectral's does
  assert.deepEqual(places(rows, 'operation-documented'), ['api.yaml:15:10 /paths/~1orders/post', 'openapi.json:10:13 /paths/~1orders/get']);
  // a list's item where it starts
  assert.deepEqual(places(rows, 'tag-described'), ['api.yaml:8:5 /tags/1', 'openapi.json:6:5 /tags/1']);
  assert.ok(rows.some((r) => r[6] === 'At least one of "summary" or "description" or "externalDocs" or 2 other properties must be defined'));
  // id has an example, state both: total and the $ref'd Note have neither, reported where Spectral places them
  assert.deepEqual(places(rows, 'schema-example'), ['api.yaml:28:13 /definitions/Order/properties/total', 'api.yaml:32:8 /definitions/Note']);
});

test('a finding about a property name is where Spectral reports it, its value where the name is tested, as Spectral prints it', async () => {
  const { rows, answer } = await lintFixture('keys');
  assert.deepEqual(rows, answer);
  // an object's name one past the key, in YAML and JSON
  assert.deepEqual(places(rows, 'definition-pascal'), ['api.json:6:13 /definitions/order', 'api.yaml:5:9 /definitions/order']);
  assert.deepEqual(places(rows, 'property-camel'), ['api.json:6:58 /definitions/order/properties/Bad_Key', 'api.yaml:8:15 /definitions/order/properties/Bad_Key']);
  // a scalar's name at the value; {{value}} and the function's message print the value, not the name
  assert.ok(rows.some((r) => r[1] === 'api.yaml' && r[2] === 2 && r[3] === 15 && r[6] === 'title is Orders: "Orders" must not match the pattern "^t"'));
  // version passes both patterns
  assert.ok(!rows.some((r) => r[4] === '/info/version'));
});

test("a name or a missing field whose path reaches through a $ref is where Spectral's reference map places it, as Spectral prints it", async () => {
  const { rows, answer } = await lintFixture('ref-targets');
  assert.deepEqual(rows, answer);
  // Seller's value is a $ref alone: its name is reported at what the $ref names (party), buyer's
  // passes; Owner's allOf is no $ref, reported at its key
  assert.deepEqual(places(rows, 'property-name-camel').filter((p) => p.startsWith('swagger.yaml:') && !p.includes('/properties/')), ['swagger.yaml:30:9 /definitions/party']);
  assert.ok(places(rows, 'property-key-camel').includes('openapi.yaml:12:15 /components/schemas/Order/properties/Owner'));
  // a schema name whose $ref names another file: at the target in that file
  assert.deepEqual(places(rows, 'schema-name-pascal').filter((p) => p.startsWith('parts/')), ['parts/top.yaml:1:5 /Top']);
  // a missing field below a $ref alone names the target, not the field; party's own finding names
  // the field: two findings at one place, told apart by their messages
  const party = rows.filter((r) => r[0] === 'schema-description' && r[1] === 'swagger.yaml').map((r) => r[6]);
  assert.deepEqual(party.sort(), ['"party" property must be truthy', '"party.description" property must be truthy']);
});

test("a finding at the document's root starts at its first character when the root begins the second line, as Spectral's YAML locator places it", async () => {
  const { rows, answer } = await lintFixture('root-place');
  assert.deepEqual(rows, answer);
  // after `---`, one comment or a blank line (a JSON document too: Spectral reads the linted file as
  // YAML); two comment lines, or `---` and a comment, leave the root at its first key
  assert.deepEqual(places(rows, 'api-owner').sort(), [
    'blank.json:1:1 ', 'blank.yaml:1:1 ', 'comment.yaml:1:1 ', 'comments.yaml:3:1 ', 'dashes-comment.yaml:1:1 ',
    'dashes-then-comment.yaml:3:1 ', 'dashes.yaml:1:1 ', 'indented.yaml:1:3 ', 'plain.yaml:1:1 ',
  ]);
});

test("typedEnum: each enum value of another type than the schema's is reported at its item, nullable admitting null only for the formats the ruleset names", async () => {
  const { rows, answer } = await lintFixture('typed-enum');
  assert.deepEqual(rows, answer);
  assert.ok(rows.length > 0);
  // integers are numbers, but 1 and 0.5 are numbers too; Fine passes; x-nullable (oas2, named) admits null
  assert.ok(!rows.some((r) => r[4].startsWith('/definitions/Fine') || r[4] === '/definitions/Colour/enum/1' || r[4] === '/definitions/Ratio/enum/0'));
  assert.ok(rows.some((r) => r[4] === '/definitions/Colour/enum/2' && r[6] === 'Enum value 7 must be "string,null".'));
  // the ruleset names oas3, not oas3_0: OpenAPI 3.0's nullable admits nothing, as in Spectral
  assert.ok(rows.some((r) => r[4] === '/components/schemas/Level/enum/2' && r[6] === 'Enum value null must be "string".'));
  // a type list, and values printed as Spectral prints them
  assert.ok(rows.some((r) => r[6] === 'Enum value 2.5 must be "integer,string".'));
  assert.ok(rows.some((r) => r[6] === 'Enum value Object{} must be "integer".'));
});

test("typedEnum imported from spectral:oas's functions by a JavaScript ruleset is the same function", () => {
  const dir = tempProject('swaglint-typed-enum-js-');
  cpSync(path.join(fixtures, 'typed-enum', 'swagger.yaml'), path.join(dir, 'swagger.yaml'));
  writeFileSync(
    path.join(dir, 'ruleset.mjs'),
    "import { typedEnum } from '@stoplight/spectral-rulesets/dist/oas/functions/index.js';\nimport { oas2 } from '@stoplight/spectral-formats';\n" +
      "export default { formats: [oas2], rules: { 'enum-typed': { severity: 'error', given: '$.definitions[*]', then: { function: typedEnum } } } };\n",
  );
  const run = runCli(['lint', '--ruleset', 'ruleset.mjs', '--format=json', 'swagger.yaml'], dir);
  assert.notEqual(run.code, 2, run.stderr);
  const rows = findings(run)
    .filter((f) => f.ruleId === 'enum-typed')
    .map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)
    .sort();
  const answer = (JSON.parse(readFileSync(path.join(fixtures, 'typed-enum', 'answer.json'), 'utf8')) as { findings: Row[] }).findings;
  assert.deepEqual(rows, answer.filter((r) => r[1] === 'swagger.yaml').map((r) => `${r[1]}:${r[2]}:${r[3]} ${r[6]}`).sort());
});

test('typedEnum in a ruleset that names no formats: x-nullable admits nothing, as Spectral detects no format', async () => {
  const { rows, answer } = await lintFixture('typed-enum-no-formats');
  assert.deepEqual(rows, answer);
  assert.deepEqual(places(rows, 'enum-typed'), ['swagger.yaml:8:17 /definitions/Colour/enum/1']);
});

test('unreferencedReusableObject: what no $ref reaches, across files, as Spectral finds it', async () => {
  const { rows, answer } = await lintFixture('unreferenced');
  assert.deepEqual(rows, answer);
  const orphans = rows.filter((r) => r[0] === 'definition-used').map((r) => r[4].split('/').pop()).sort();
  // Product is reached from the other file's Line; Error by a $ref with a key beside it; Pet from
  // Legacy, itself unused. Tree only refers to itself, Address is reached only below it, Hidden
  // only beside another $ref, and Ghost only from the part of the other file nothing reaches.
  assert.deepEqual(orphans, ['Address', 'Ghost', 'Hidden', 'Legacy', 'Tree']);
  assert.deepEqual(places(rows, 'parameter-used'), ['api.yaml:19:10 /parameters/offset']);
  assert.deepEqual(places(rows, 'schema-used'), ['openapi.yaml:19:12 /components/schemas/Orphan']);
});

test('unreferencedReusableObject follows a chain of 5,000 $refs through another file without running out of stack', () => {
  const chain = Array.from({ length: 5000 }, (_, i) => `D${i}: {$ref: '#/D${i + 1}'}`).join('\n') + '\nD5000: {type: string}\n';
  const dir = projectWith({
    'api.yaml': "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\ndefinitions:\n  Used: {$ref: 'chain.yaml#/D0'}\n  Back: {type: string}\n  Orphan: {type: string}\n",
    'chain.yaml': chain.replace("D5000: {type: string}", "D5000: {$ref: 'api.yaml#/definitions/Back'}"),
    'ruleset.yaml': "rules:\n  unused:\n    given: $.definitions\n    then: {function: unreferencedReusableObject, functionOptions: {reusableObjectsLocation: '#/definitions'}}\n",
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', 'ruleset.yaml', '--format', 'json'], dir);
  assert.deepEqual(findings(run).filter((f) => f.ruleId === 'config-error' || f.ruleId === 'internal-error'), [], run.stdout);
  // the end of the chain names `Back` (line 6): `Used` (which nothing names; found through its $refs) and `Orphan` are unreferenced
  const unused = findings(run).filter((f) => f.ruleId === 'unused');
  assert.equal(unused.length, 2);
  assert.deepEqual(unused.filter((f) => f.file.endsWith('api.yaml')).map((f) => `${f.line}:${f.column}`), ['7:10']);
});

test("an async function of the ruleset is awaited: what its promise gives is reported at its own target's place", async () => {
  const { rows, answer } = await lintFixture('async');
  assert.deepEqual(rows, answer);
  assert.deepEqual(places(rows, 'operation-owner-known'), ['api.yaml:15:16 /paths/~1orders/post/x-owner', 'api.yaml:17:12 /paths/~1orders/delete']);
  assert.deepEqual(places(rows, 'tag-paths-later'), ['api.yaml:6:11 /tags/1/name', 'api.yaml:7:11 /tags/2/name']);
  // core functions the async function calls itself: unreferencedReusableObject's paths are from the
  // root, or's result (no path) is the caller's target's, as in Spectral
  assert.deepEqual(places(rows, 'definitions-used'), ['api.yaml:19:13 /definitions', 'api.yaml:21:9 /definitions/Stale']);
});

/** One rule given `$.info` that calls the function file `code`: its run's config-errors (the run must fail). */
function configErrorsOf(rule: string, fn: string, code: string, type: 'module' | 'commonjs'): string[] {
  const dir = projectWith({
    'api.yaml': "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n",
    [`functions/${fn}.js`]: code,
    'functions/package.json': `{"type": "${type}"}\n`,
    '.spectral.yaml': `functions: [${fn}]\nrules:\n  ${rule}:\n    given: $.info\n    then: {function: ${fn}}\n`,
  });
  const run = runCli(['lint', 'api.yaml', '--ruleset', '.spectral.yaml', '--format', 'json'], dir);
  assert.equal(run.code, 1, run.stderr);
  return findings(run)
    .filter((f) => f.ruleId === 'config-error')
    .map((f) => `${f.line}:${f.column} ${f.message}`);
}

test('an async function whose promise is rejected stops its rule with a config-error naming it, and the run fails', async () => {
  assert.deepEqual(configErrorsOf('late-rule', 'late', 'export default async function late() { await null; throw new Error("the directory is down"); }\n', 'module'), [
    "1:1 Rule 'late-rule' was stopped for this document: its function 'late' failed: the directory is down. Fix the rule in its configuration.",
  ]);
});

test('an async function whose promise never settles stops its rule with a config-error; the run fails, it does not end silently', () => {
  // nothing but the promise is left: the event loop empties, and the rule is stopped then, not after the time limit
  assert.deepEqual(configErrorsOf('stuck', 'never', 'module.exports = () => new Promise(() => {});\n', 'commonjs'), [
    "1:1 Rule 'stuck' was stopped for this document: its function 'never' returned a promise that never settles: nothing was left that could settle it. Fix the rule in its configuration.",
  ]);
});

test('in a process that stays up (an editor, the service), a promise is given up on after the time limit', async () => {
  // the editor's own work keeps its event loop busy; the limit's timer alone would not
  const session = setInterval(() => undefined, 1000);
  try {
    await assert.rejects(settled(new Promise(() => {}), "its function 'slow'", 20), (e: unknown) => e instanceof StalledFunction && e.message === "its function 'slow' did not settle within 0.02 s");
    assert.equal(await settled(Promise.resolve(7), "its function 'quick'", 20), 7);
    await assert.rejects(settled(Promise.reject(new Error('its own error')), "its function 'failing'", 20), /its own error/);
  } finally {
    clearInterval(session);
  }
});

test("the new functions' options are checked when the ruleset loads, with the place of the bad option", async () => {
  const dir = projectWith({
    'api.yaml': "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n",
    'one.yaml': 'rules:\n  r:\n    given: $.info\n    then: {function: or, functionOptions: {properties: [contact]}}\n',
    'none.yaml': 'rules:\n  r:\n    given: $.definitions\n    then: {function: unreferencedReusableObject}\n',
    'pointer.yaml': "rules:\n  r:\n    given: $.definitions\n    then:\n      function: unreferencedReusableObject\n      functionOptions: {reusableObjectsLocation: 'definitions'}\n",
    'typed.yaml': 'rules:\n  r:\n    given: $.definitions[*]\n    then: {function: typedEnum, functionOptions: {strict: true}}\n',
  });
  assertUserError(await runMain(['lint', 'api.yaml', '--ruleset', 'one.yaml'], dir), /one\.yaml:4:\d+: .*or function's 'properties' must NOT have fewer than 2 items/);
  assertUserError(await runMain(['lint', 'api.yaml', '--ruleset', 'none.yaml'], dir), /none\.yaml:4:\d+: .*the function 'unreferencedReusableObject' needs functionOptions/);
  assertUserError(await runMain(['lint', 'api.yaml', '--ruleset', 'pointer.yaml'], dir), /pointer\.yaml:6:\d+: .*'reusableObjectsLocation' must match pattern/);
  assertUserError(await runMain(['lint', 'api.yaml', '--ruleset', 'typed.yaml'], dir), /typed\.yaml:4:\d+: .*the function 'typedEnum' takes no functionOptions/);
});

test("spectral:oas's rules swaglint defines as Spectral does: each one's findings, as Spectral reports them, and none on a clean document", async () => {
  const { rows, answer } = await lintFixture('oas-rules');
  assert.deepEqual(rows, answer);
  // every rule of the ruleset is triggered somewhere, and clean.yaml triggers none
  const ruleNames = [...readFileSync(path.join(fixtures, 'oas-rules', 'ruleset.yaml'), 'utf8').matchAll(/^ {2}([\w.-]+):/gm)].map((m) => m[1]!);
  assert.deepEqual(ruleNames.filter((name) => !rows.some((r) => r[0] === name)), []);
  assert.deepEqual(rows.filter((r) => r[1] === 'clean.yaml'), []);
  // a finding about a missing field is at the nearest existing place, Spectral's
  assert.deepEqual(places(rows, 'oas2-api-host'), ['swagger.yaml:1:1 ']);
  assert.deepEqual(places(rows, 'operation-tags'), ['swagger.yaml:15:12 /paths/~1orders?page=1/post/tags', 'swagger.yaml:7:9 /paths/~1orders?page=1/get']);
});

test('extends spectral:oas runs those rules at their recommended severity without naming them as skipped; the ruleset turns them off', async () => {
  const dir = projectWith({
    'api.yaml': "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses: {'200': {description: ok}}\n",
    'on.yaml': 'extends: spectral:oas\n',
    'off.yaml': 'extends: spectral:oas\nrules:\n  info-contact: off\n  oas2-api-host: false\n',
  });
  const on = await runMain(['lint', 'api.yaml', '--ruleset', 'on.yaml', '--format', 'json'], dir);
  const got = (run: CliRun) => findings(run).filter((f) => ['info-contact', 'oas2-api-host', 'oas2-api-schemes', 'operation-operationId', 'operation-tags'].includes(f.ruleId)).map((f) => `${f.line}:${f.column} ${f.ruleId}`).sort();
  assert.deepEqual(got(on), ['1:1 oas2-api-host', '1:1 oas2-api-schemes', '2:6 info-contact', '5:9 operation-operationId', '5:9 operation-tags']);
  assert.doesNotMatch(on.stderr, /do not run: .*(info-contact|oas2-api-host)/);
  const off = await runMain(['lint', 'api.yaml', '--ruleset', 'off.yaml', '--format', 'json'], dir);
  assert.deepEqual(got(off), ['1:1 oas2-api-schemes', '5:9 operation-operationId', '5:9 operation-tags']);
  // recommended: false rules are off unless the ruleset extends [spectral:oas, all] or sets them
  assert.ok(!findings(on).some((f) => f.ruleId === 'info-license'), on.stdout);
  writeFileSync(path.join(dir, 'all.yaml'), 'extends: [[spectral:oas, all]]\n');
  const all = await runMain(['lint', 'api.yaml', '--ruleset', 'all.yaml', '--format', 'json'], dir);
  assert.deepEqual(findings(all).filter((f) => f.ruleId === 'info-license').map((f) => `${f.line}:${f.column}`), ['2:6']);
});

test('no Spectral ruleset passes a run while a rule of it does not run: every spectral:oas rule runs, a rule an override defines stops the run', async () => {
  const dir = projectWith({
    'api.yaml': "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n",
    'openapi.yaml': "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    'all.yaml': 'extends: [[spectral:oas, all]]\n',
    'defines.yaml': "extends: spectral:oas\noverrides:\n  - files: ['*.yaml']\n    rules:\n      my-rule:\n        given: $.info\n        then: {field: contact, function: truthy}\n",
    'unknown.yaml': "extends: spectral:oas\noverrides:\n  - files: ['*.yaml']\n    rules:\n      no-such-rule: off\n",
  });
  // each spectral:oas rule has a definition or a counterpart on each format it names: nothing to name as skipped
  const all = await runMain(['lint', 'api.yaml', 'openapi.yaml', '--ruleset', 'all.yaml', '--format', 'json'], dir);
  assert.notEqual(all.code, 2, all.stderr);
  assert.doesNotMatch(all.stderr, /would not run|do not run/);
  assertUserError(await runMain(['lint', 'api.yaml', '--ruleset', 'defines.yaml'], dir), /defines\.yaml:5:7: .*does not run a rule defined in an override: define 'my-rule' under the ruleset's 'rules'/);
  assertUserError(await runMain(['lint', 'api.yaml', '--ruleset', 'unknown.yaml'], dir), /unknown\.yaml:5:7: the override sets 'no-such-rule', which the ruleset and those it extends do not define/);
});
