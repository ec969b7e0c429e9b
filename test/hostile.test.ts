// Hostile input (issue 15): each class of document, file tree or destination a stranger can choose,
// reproduced from a minimal input through the real CLI. Every run must end within its child-process
// time limit (test/helpers/hang-guard.ts: a hang, not a slow run; durations are never asserted), print bounded output and no stack
// trace, and write nowhere it must not.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertNoStack, assertUserError, findings, runCli, tempProject, type CliRun } from './helpers/cli.js';
import { messageLimit } from '../src/text/quote.js';
import { cleanHead, writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-hostile-');
// the cache's HMAC key for these runs (children inherit the environment), not the user's own
process.env['XDG_CACHE_HOME'] = path.join(path.dirname(dir), 'user-cache');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const head = cleanHead;
const file = (name: string, content: string | Buffer): string => writeProjectFile(dir, name, content);

const lint = (...args: string[]): CliRun => runCli(['lint', ...args], dir);

/** Ended by itself with findings (0 or 1), no stack trace, and at most `maxBytes` of output. */
function assertBounded(run: CliRun, maxBytes = 256 * 1024): void {
  assert.equal(run.signal, null, 'killed by the time limit: the run did not end');
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}; stderr: ${run.stderr.slice(0, 500)}`);
  assertNoStack(run);
  assert.ok(run.stdout.length + run.stderr.length <= maxBytes, `${run.stdout.length} bytes of output`);
}

const ids = (run: CliRun) => findings(run).map((f) => `${f.line}:${f.column} ${f.ruleId}`);

// ---- catastrophic regular expressions ----

const redos = '^(a+)+$';
const aaa = `'${'a'.repeat(40)}!'`;

test('a catastrophic pattern with a non-matching default, enum value and x-example ends, and each value is reported', () => {
  const name = file('redos/param.yaml', head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: string, pattern: '${redos}', default: ${aaa}, x-example: ${aaa}, enum: [${aaa}]}\n      responses: {'200': {description: OK}}\n`);
  const run = lint(name, '--format', 'json');
  assertBounded(run);
  const values = findings(run).filter((f) => f.ruleId === 'value-fits-schema');
  assert.equal(values.length, 3, run.stdout);
  assert.ok(values.every((f) => /not matched by its pattern/.test(f.message)));
});

test('a catastrophic pattern in a $ref\'d file, against a schema example, ends', () => {
  file('redos/defs.yaml', `Code: {type: string, pattern: '${redos}', example: ${aaa}}\n`);
  const name = file('redos/api.yaml', head + "paths:\n  /a:\n    get:\n      responses: {'200': {description: OK, schema: {$ref: 'defs.yaml#/Code'}}}\n");
  const run = lint(name, '--format', 'json');
  assertBounded(run);
  assert.deepEqual(findings(run).map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`), ['redos/defs.yaml:1:51 value-fits-schema']);
});

test('a pattern the linear-time engine cannot take (a backreference) is a pattern-valid warning, not a hang', () => {
  const name = file('redos/backref.yaml', head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: string, pattern: '^(a+)+\\1$', default: ${aaa}}\n      responses: {'200': {description: OK}}\n`);
  const run = lint(name, '--format', 'json');
  assertBounded(run);
  const found = findings(run) as Array<{ ruleId: string; severity?: string; line: number; column: number; message: string }>;
  assert.deepEqual(found.map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['9:55 pattern-valid']);
  assert.match(found[0]!.message, /backreference/);
});

test('a catastrophic api-version-param pattern in the configuration is matched in linear time', () => {
  file('redos-config/.swaglint.yaml', `rules:\n  api-version-param: [error, {pattern: '${redos}'}]\n`);
  const name = file('redos-config/api.yaml', head + `paths:\n  /a:\n    get:\n      parameters:\n        - {name: api-version, in: query, type: string, required: true, default: ${aaa}}\n      responses: {'200': {description: OK}}\n`);
  const run = lint(name, '--format', 'json');
  assertBounded(run);
  assert.deepEqual(ids(run), ['9:81 api-version-param']);
});

test('an api-version-param pattern the engine cannot take is a configuration error at exit 2', () => {
  file('redos-config2/.swaglint.yaml', "rules:\n  api-version-param: [error, {pattern: '^(?=7)\\d+$'}]\n");
  const name = file('redos-config2/api.yaml', head + 'paths: {}\n');
  const run = lint(name);
  assert.equal(run.signal, null);
  assertNoStack(run);
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.match(run.stdout + run.stderr, /api-version-param.*cannot be matched in linear time: it uses a lookahead/);
});

test('a .swaglint-paths glob with many * against a long API path ends', () => {
  file('glob/.swaglint-paths', `[/${'*a'.repeat(14)}b]\npath-case = off\n`);
  const long = `/${'a'.repeat(3000)}`;
  const name = file('glob/api.yaml', head + `paths:\n  ${long}:\n    get:\n      responses: {'200': {description: OK}}\n  /b:\n    get:\n      responses: {'200': {description: OK}}\n`);
  const run = lint(name, '--format', 'json');
  assertBounded(run);
});

test('a .swaglint-paths document glob with many * against a long file name ends; an extglob is a configuration error', () => {
  file('glob-files/.swaglint-paths', `[${'*a'.repeat(14)}b.yaml:/x]\npath-case = off\n`);
  const name = file(`glob-files/${'a'.repeat(200)}.yaml`, head + 'paths: {}\n');
  assertBounded(lint(name, '--format', 'json'));
  file('glob-ext/.swaglint-paths', '[!(a).yaml:/x]\npath-case = off\n');
  assertUserError(lint(file('glob-ext/api.yaml', head + 'paths: {}\n')), /the document glob '!\(a\)\.yaml' uses a construct .* that swaglint cannot match in linear time/);
});

// ---- schema recursion, uniqueness, large enums ----

test('a definition whose allOf names itself twice, with an example, ends', () => {
  const name = file('recursion/allof.yaml', head + "paths: {}\ndefinitions:\n  A:\n    allOf: [{$ref: '#/definitions/A'}, {$ref: '#/definitions/A'}]\n    example: {x: 1}\n    properties: {x: {type: string}}\n");
  const run = lint(name, '--format', 'json');
  assertBounded(run);
  assert.deepEqual(ids(run), ['9:14 value-fits-schema']);
});

test('a body schema with twenty self-references in allOf ends in request-body-schema', () => {
  const refs = Array.from({ length: 20 }, () => "{$ref: '#/definitions/B'}").join(', ');
  const name = file('recursion/body.yaml', head + `paths:\n  /a:\n    post:\n      parameters:\n        - {name: b, in: body, schema: {$ref: '#/definitions/B'}}\n      responses: {'200': {description: OK}}\ndefinitions:\n  B:\n    allOf: [${refs}]\n`);
  const run = lint(name, '--format', 'json');
  assertBounded(run);
  assert.deepEqual(ids(run).filter((f) => f.endsWith('request-body-schema')), ['9:31 request-body-schema']);
});

test('uniqueItems over a default of 30,000 objects and an enum of 100,000 values end', () => {
  const items = Array.from({ length: 30_000 }, (_, i) => ({ id: i }));
  const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
  const doc = { swagger: '2.0', info: { title: 'T', version: '1', description: 'D' }, schemes: ['https'], security: [], paths: {}, definitions: {
    L: { type: 'array', uniqueItems: true, items: { type: 'object' }, default: [...items, { id: 7 }] },
    E: { type: 'string', enum: values, default: 'v99999' },
  } };
  const name = file('big/enum.json', JSON.stringify(doc, null, 1));
  const run = lint(name, '--format', 'json');
  assertBounded(run);
  assert.deepEqual(findings(run).map((f) => `${f.ruleId} ${/repeated items/.test(f.message)}`), ['value-fits-schema true']);
});

// ---- output amplification ----

test('a path with thousands of parameters gives a report proportional to it, capped', () => {
  const n = 1200;
  const apiPath = '/' + Array.from({ length: n }, (_, i) => `{x${i}}`).join('/');
  const params = Array.from({ length: n }, (_, i) => ({ name: `p${i}`, in: 'query', type: 'string' }));
  const doc = { swagger: '2.0', info: { title: 'T', version: '1', description: 'D' }, paths: { [apiPath]: { get: { parameters: params, responses: { 200: { description: 'OK' } } } } } };
  const name = file('amplify/params.json', JSON.stringify(doc));
  const run = lint(name, '--format', 'json');
  assertBounded(run, 16 * 1024 * 1024);
  const found = findings(run);
  assert.ok(found.every((f) => f.message.length <= messageLimit), 'every message is bounded');
  const limit = found.find((f) => f.ruleId === 'report-limit');
  assert.ok(limit, 'the findings past the budget are counted in one report-limit finding');
  assert.match(limit.message, /^\d+ more findings .* are not shown/);
  // an engine finding: the document's own ignore and a baseline leave it in place
  const ignoring = file('amplify/params-ignored.json', JSON.stringify({ ...doc, 'x-swaglint-ignore': ['report-limit'] }));
  assert.ok(findings(lint(ignoring, '--format', 'json')).some((f) => f.ruleId === 'report-limit'));
  assertBounded(lint(name, '--baseline-write', 'amplify/base.json'));
  assert.ok(findings(lint(name, '--baseline', 'amplify/base.json', '--format', 'json')).some((f) => f.ruleId === 'report-limit'));
});

test('one long scalar reused by a YAML alias hundreds of times is quoted shortened', () => {
  const long = 'x'.repeat(100_000);
  const params = Array.from({ length: 300 }, (_, i) => `        - {name: p${i}, in: query, type: integer, default: *s}`).join('\n');
  const name = file('amplify/alias.yaml', head + `x-s: &s ${long}\npaths:\n  /a:\n    get:\n      parameters:\n${params}\n      responses: {'200': {description: OK}}\n`);
  const run = lint(name, '--format', 'json');
  assertBounded(run, 1024 * 1024);
  const found = findings(run);
  assert.equal(found.length, 300);
  assert.ok(found.every((f) => f.ruleId === 'value-fits-schema' && f.message.length < 300), found[0]?.message);
});

// ---- syntax errors and inline ignores at scale ----

test('a YAML syntax error after a very long line, or after many multi-line quoted values, ends', () => {
  // the search for the mistake behind the error scanned each line with a backtracking pattern and
  // confirmed every candidate with a full parse
  const long = file('scale/long-line.yaml', head + `paths: {}\na${' '.repeat(300_000)}b\nc: d\n`);
  const dashes = file('scale/dashes.yaml', `a:\n${'- '.repeat(100_000)}"x\nb: c\n`);
  let quoted = head + 'paths:\n';
  for (let i = 0; i < 2000; i++) quoted += `  /p${i}:\n    get:\n      description: "line one\n        line two"\n      responses: {'200': {description: OK}}\n`;
  const many = file('scale/many-quoted.yaml', quoted + '  bad: [\n');
  for (const name of [long, dashes, many]) {
    const run = lint('--strict', name, '--format', 'json');
    assertBounded(run);
    assert.deepEqual(findings(run).map((f) => f.ruleId), ['parse-error'], name);
  }
});

test('tens of thousands of disable-line comments end, each hiding its own line\'s finding', () => {
  // the inline ignores were quadratic in their number (src/filters/ignores.ts), whatever the rule; each
  // line's finding is path-trailing-slash's, which costs little per path (path-no-verbs' verb-like
  // segments cost 12 s of CPU here, 7.6 s so: its scale is the sibling actions' test below)
  let text = "swagger: '2.0'\ninfo: {title: Orders, version: '1.0'}\nschemes: [https]\nsecurity: []\npaths:\n";
  for (let i = 0; i < 60_000; i++) text += `  /p${i}/: {} # swaglint-disable-line path-trailing-slash\n`;
  const run = lint(file('scale/ignores.yaml', text), '--format', 'json');
  assertBounded(run);
  assert.deepEqual(findings(run).map((f) => f.ruleId), ['info-description']);
});

// ---- repeated reading ----

test('a committed symlink d -> . and one out of the project are not followed; a file is linted once', () => {
  file('loop/api.yaml', head + "paths:\n  /getOrders: {get: {responses: {'200': {description: OK}}}}\n");
  symlinkSync('.', path.join(dir, 'loop/d'));
  mkdirSync(path.join(path.dirname(dir), 'elsewhere'), { recursive: true });
  writeFileSync(path.join(path.dirname(dir), 'elsewhere/other.yaml'), head + "paths:\n  /getOthers: {get: {responses: {'200': {description: OK}}}}\n");
  symlinkSync(path.join(path.dirname(dir), 'elsewhere'), path.join(dir, 'loop/out'));
  const run = lint('loop', '--format', 'json');
  assertBounded(run);
  assert.deepEqual(findings(run).map((f) => `${f.file} ${f.ruleId}`), ['loop/api.yaml path-no-verbs']);
  // the same file named twice, once through the loop: read and reported once
  const twice = lint('loop/api.yaml', 'loop/d/d/api.yaml', '--format', 'json');
  assertBounded(twice);
  assert.equal(findings(twice).length, 1);
});

// ---- writes ----

/** A FIFO stands in for a device: a rename over it would replace it with a regular file. */
function fifo(name: string): string {
  const p = path.join(dir, name);
  mkdirSync(path.dirname(p), { recursive: true });
  execFileSync('mkfifo', [p]);
  return name;
}

test('-o, --baseline-write, --cache-location and render -o refuse a FIFO, which stays a FIFO', () => {
  const api = file('writes/api.yaml', head + 'paths: {}\n');
  const pipe = fifo('writes/pipe');
  for (const args of [['lint', api, '--format', 'json', '-o', pipe], ['lint', api, '--baseline-write', pipe], ['lint', api, '--cache-location', pipe], ['render', api, '-o', pipe]]) {
    const run = runCli(args, dir);
    assertUserError(run, /is a named pipe \(FIFO\), not a regular file|is not a regular file/);
    assert.ok(lstatSync(path.join(dir, pipe)).isFIFO(), `${args.join(' ')} replaced the FIFO`);
  }
});

test('a symlink at the destination is refused and its target stays unchanged, the document included', () => {
  const api = file('writes/doc.yaml', head + 'paths: {}\n');
  const before = readFileSync(path.join(dir, api), 'utf8');
  symlinkSync('doc.yaml', path.join(dir, 'writes/to-doc'));
  file('writes/target.txt', 'unchanged\n');
  symlinkSync('target.txt', path.join(dir, 'writes/.swaglint-cache'));
  const cases = [['lint', api, '--format', 'json', '-o', 'writes/to-doc'], ['lint', api, '--baseline-write', 'writes/to-doc'], ['render', api, '-o', 'writes/to-doc']];
  for (const args of cases) {
    assertUserError(runCli(args, dir), /is a symbolic link, not a regular file/);
  }
  assertUserError(runCli(['lint', api, '--cache-location', 'writes/.swaglint-cache'], dir), /not a regular file/);
  assert.equal(readFileSync(path.join(dir, api), 'utf8'), before);
  assert.equal(readFileSync(path.join(dir, 'writes/target.txt'), 'utf8'), 'unchanged\n');
  assert.ok(lstatSync(path.join(dir, 'writes/to-doc')).isSymbolicLink());
});

test('-o naming the document through a directory symlink is refused', () => {
  const api = file('writes2/doc.yaml', head + 'paths: {}\n');
  symlinkSync('.', path.join(dir, 'writes2/d'));
  assertUserError(lint(api, '--format', 'json', '-o', 'writes2/d/doc.yaml'), /is one of the documents being linted/);
  assert.match(readFileSync(path.join(dir, api), 'utf8'), /^swagger/);
});

// ---- the cache is untrusted ----

test('a tampered cache cannot make a broken document exit 0', () => {
  const name = file('tamper/api.yaml', head + "paths:\n  /getOrders: {get: {responses: {'200': {description: OK}}}}\n");
  const cacheFile = path.join(dir, 'tamper.cache');
  // path-no-verbs is warn in recommended (issue 26): raised here, so that its finding breaks the document
  const args = [name, '--format', 'json', '--cache-location', 'tamper.cache', '--rule', 'path-no-verbs=error'];
  assert.equal(lint(...args).code, 1);
  const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as { entries: Record<string, { diagnostics: unknown[]; files: Array<[string, string]> }> };
  const entry = cache.entries[path.join(dir, name)]!;
  entry.diagnostics = []; // a stranger's commit: "no findings", with the right hashes
  entry.files.push(['/dev/zero', 'x']); // and a path that would never end if read
  writeFileSync(cacheFile, JSON.stringify(cache));
  const run = lint(...args);
  assertBounded(run);
  assert.equal(run.code, 1);
  assert.deepEqual(findings(run).map((f) => f.ruleId), ['path-no-verbs']);
  assert.ok(existsSync(cacheFile));
});

// ---- configuration search stops at the project boundary ----

test('a configuration above the git root is not used (a shared machine\'s home, a parent checkout)', () => {
  const project = tempProject('swaglint-hostile-boundary-');
  after(() => rmSync(path.dirname(project), { recursive: true, force: true }));
  writeFileSync(path.join(path.dirname(project), '.swaglint.yaml'), 'rules:\n  path-no-verbs: off\n');
  writeFileSync(path.join(path.dirname(project), '.swaglint-paths'), '[/]\npath-no-verbs = off\n');
  writeFileSync(path.join(project, 'api.yaml'), head + "paths:\n  /getOrders: {get: {responses: {'200': {description: OK}}}}\n");
  const run = runCli(['lint', 'api.yaml', '--format', 'json'], project);
  assertBounded(run);
  assert.deepEqual(findings(run).map((f) => f.ruleId), ['path-no-verbs']);
});

// ---- rulesets, configurations and caches a stranger wrote ----

test('a ruleset pattern given as a string to match() in a filter, or in a schema, is matched in linear time', () => {
  file('redos-ruleset/.spectral.yaml', `rules:
  by-schema:
    given: $.info
    then: {field: description, function: schema, functionOptions: {schema: {type: string, pattern: '${redos}'}}}
  by-filter:
    given: "$.info[?(@.description.match('${redos}'))]"
    then: {field: title, function: falsy}
`);
  const name = file('redos-ruleset/api.yaml', `swagger: '2.0'\ninfo: {title: T, version: '1', description: ${aaa}}\npaths: {}\n`);
  const run = lint(name, '--ruleset', 'redos-ruleset/.spectral.yaml', '--format', 'json');
  assertBounded(run);
  assert.deepEqual(findings(run).filter((f) => f.ruleId === 'by-schema' || f.ruleId === 'by-filter').map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['2:45 by-schema']);
});

test('aliases of aliases that multiply, and extends that names the same files over and over, are configuration errors', () => {
  let aliases = 'aliases:\n';
  for (let level = 0; level < 8; level++) aliases += `  A${level}: [${Array.from({ length: 12 }, (_, i) => (level === 7 ? `$.x${i}` : `'#A${level + 1}.y${i}'`)).join(', ')}]\n`;
  file('explode/aliases.spectral.yaml', `${aliases}rules:\n  r: {given: '#A0', then: {function: truthy}}\n`);
  const name = file('explode/api.yaml', head + 'paths: {}\n');
  const alias = lint(name, '--ruleset', 'explode/aliases.spectral.yaml');
  assertUserError(alias, /expands to more than 1000 paths/);
  for (let level = 0; level < 8; level++) {
    const next = level === 7 ? [] : Array.from({ length: 10 }, () => `./d${level + 1}.spectral.yaml`);
    file(`explode/d${level}.spectral.yaml`, `extends: [${next.join(', ')}]\nrules: {}\n`);
  }
  assertUserError(lint(name, '--ruleset', 'explode/d0.spectral.yaml'), /'extends' reaches rulesets more than 100 times/);
});

test('a cache entry nested deep enough to overflow a recursive walk is ignored, not an internal error', () => {
  const name = file('deep-cache/api.yaml', head + "paths:\n  /getOrders: {get: {responses: {'200': {description: OK}}}}\n");
  const args = [name, '--format', 'json', '--cache-location', 'deep.cache', '--rule', 'path-no-verbs=error']; // an error, as before issue 26
  assert.equal(lint(...args).code, 1);
  const cacheFile = path.join(dir, 'deep.cache');
  // written as text: JSON.stringify itself overflows on such a value
  const text = readFileSync(cacheFile, 'utf8');
  assert.match(text, /"diagnostics":\[\{/);
  writeFileSync(cacheFile, text.replace('"diagnostics":[{', `"diagnostics":[{"x":${'['.repeat(200_000)}${']'.repeat(200_000)},`));
  const run = lint(...args);
  assertBounded(run);
  assert.deepEqual(findings(run).map((f) => f.ruleId), ['path-no-verbs']);
});

test('control characters in a file name are shown, never sent to the terminal', () => {
  const evil = 'evil\u001b]0;pwned\u0007.yaml';
  file(`ctl/${evil}`, 'not: [a swagger document\n');
  const skipped = lint('ctl');
  assertBounded(skipped);
  const missing = lint('ctl/no\u001b[2Jexist.yaml');
  for (const run of [skipped, missing]) assert.doesNotMatch(run.stdout + run.stderr, /[\u001b\u0007]/, 'a raw ESC or BEL reached the output');
  assert.match(skipped.stderr, /evil␛\]0;pwned␇\.yaml/);
  assert.equal(missing.code, 2);
});

test('a FIFO or a device where a configuration or a ruleset is looked for is refused, not waited on', () => {
  mkdirSync(path.join(dir, 'fifo-config'), { recursive: true });
  execFileSync('mkfifo', [path.join(dir, 'fifo-config', '.swaglint.yaml')]);
  const name = file('fifo-config/api.yaml', head + 'paths: {}\n');
  assertUserError(lint(name), /not a regular file/);
  file('fifo-ruleset/.spectral.yaml', "rules:\n  r:\n    given: $.info\n    then: {function: schema, functionOptions: {schema: {$ref: '/dev/zero'}}}\n");
  const api = file('fifo-ruleset/api.yaml', head + 'paths: {}\n');
  assertUserError(lint(api, '--ruleset', 'fifo-ruleset/.spectral.yaml'), /leaves the ruleset's project/);
});

// ---- documents that make path and schema rules work per pair ----

test('a path segment of 64,000 letters ends, without exhausting memory', () => {
  const name = file('scale/long-segment.yaml', head + `paths:\n  /${'report'.repeat(10_000)}zzzz/{id}: {get: {responses: {'200': {description: OK}}}}\n`);
  assertBounded(lint(name, '--format', 'json'));
});

test('thousands of paths through one place, sibling actions, same-shape templates and misplaced $refs end', () => {
  let parts = head + 'paths:\n';
  for (let i = 0; i < 3000; i++) parts += `  /order/{order_id}/part${i}: {get: {responses: {'200': {description: OK}}}}\n`;
  let actions = head + 'paths:\n';
  // distinct letters for each: markAbc, markAbd, …
  const letters = (n: number) => Array.from({ length: 4 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('');
  for (let i = 0; i < 24_000; i++) actions += `  /orders/markX${letters(i)}: {post: {responses: {'200': {description: OK}}}}\n`;
  let templates = head + 'paths:\n';
  for (let i = 0; i < 40_000; i++) templates += `  /a/{p${i}}: {}\n`;
  let refs = head + "parameters:\n  p: {name: p, in: query, type: string}\npaths:\n";
  for (let i = 0; i < 12_000; i++) refs += `  /r${i}: {parameters: {$ref: '#/parameters/p'}}\n`;
  let markdown = head + `paths: {}\ntags:\n  - name: t\n    description: "${'<b>x</b> '.repeat(40_000)}"\n`;
  for (const [label, text] of [['parts', parts], ['actions', actions], ['templates', templates], ['refs', refs], ['markdown', markdown]] as const) {
    const run = lint(file(`scale/${label}.yaml`, text), '--format', 'json');
    assertBounded(run, 64 * 1024 * 1024);
    assert.ok(findings(run).length > 0, label);
  }
});
