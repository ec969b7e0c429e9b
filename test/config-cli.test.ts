// Configuration through the CLI: discovery, --config, --path-rules, config errors (exit 2, one line),
// the baseline (surviving edits above a finding, count-aware) and init. Discovery, the first
// configuration error and init run the real CLI; --config, --path-rules, the baseline and the other
// configuration errors are main()'s to decide, checked in this process (runMain).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { assertNoStack, assertUserError, findings, runCli, runMain } from './helpers/cli.js';
import { projectWith } from './helpers/project.js';
import { baselineEntries, subtractBaseline } from '../src/config/baseline.js';
import type { Diagnostic } from '../src/types.js';

const doc = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
security: []
paths:
  /getOrders:
    get:
      responses: {200: {description: ok}}
`;

const shown = (run: ReturnType<typeof runCli>) => findings(run).map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`);

test('a discovered config changes what is reported and the exit code', () => {
  const dir = projectWith({ 'api.yaml': doc });
  const before = runCli(['lint', 'api.yaml', '--format=json'], dir);
  assert.equal(before.code, 0, before.stderr); // path-no-verbs is warn in recommended (issue 26)
  assert.deepEqual(shown(before), ['api.yaml:5:4 path-no-verbs']);
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  path-no-verbs: error\n');
  const after = runCli(['lint', 'api.yaml', '--format=json'], dir);
  assert.equal(after.code, 1, after.stderr);
  assert.equal(findings(after)[0]!.ruleId, 'path-no-verbs');
  assert.equal((findings(after)[0] as unknown as { severity: string }).severity, 'error');
});

test('--config names a file; --rule still wins over it', async () => {
  const dir = projectWith({ 'api.yaml': doc, 'conf/strict.json': '{ "extends": "swaglint:all", "rules": { "path-no-verbs": "off", "description-nonempty": "off" } }\n' });
  assert.deepEqual(shown(await runMain(['lint', '--config', 'conf/strict.json', 'api.yaml', '--format=json'], dir)), []);
  assert.deepEqual(shown(await runMain(['lint', '--config', 'conf/strict.json', 'api.yaml', '--format=json', '--rule', 'path-no-verbs=error'], dir)), ['api.yaml:5:4 path-no-verbs']);
});

test('--path-rules names a path-rules file', async () => {
  const dir = projectWith({ 'api.yaml': doc, 'paths.conf': '[api.yaml:/getOrders]\npath-no-verbs =\n' });
  const run = await runMain(['lint', '--path-rules', 'paths.conf', 'api.yaml', '--format=json'], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(shown(run), []);
});

for (const [name, files, message] of [
  ['an unknown rule', { '.swaglint.yaml': 'rules:\n  path-no-verb: warn\n' }, /^swaglint: \.swaglint\.yaml:2:3: unknown rule 'path-no-verb'; did you mean 'path-no-verbs'\?$/],
  ['a bad severity', { '.swaglint.yaml': 'rules:\n  path-case: loud\n' }, /^swaglint: \.swaglint\.yaml:2:3: 'loud' is not a severity for 'path-case'; use one of off, hint, info, warn, error\.$/],
  ['bad options', { '.swaglint.yaml': 'rules:\n  path-case: [warn, {style: shouting}]\n' }, /^swaglint: \.swaglint\.yaml:2:22: the option 'style' of 'path-case' must be equal to one of the allowed values/],
  ['an unknown key', { '.swaglint.json': '{\n  "rulez": {}\n}\n' }, /^swaglint: \.swaglint\.json:2:3: unknown key 'rulez'; did you mean 'rules'\?$/],
  ['an extends cycle', { '.swaglint.yaml': 'extends: ./a.yaml\n', 'a.yaml': 'extends: ./.swaglint.yaml\n' }, /^swaglint: a\.yaml: 'extends' makes a cycle: \.swaglint\.yaml → a\.yaml → \.swaglint\.yaml; remove one of these\.$/],
  ['a plugin that throws', { '.swaglint.yaml': 'plugins: [./rules.mjs]\n', 'rules.mjs': 'throw new TypeError("bad plugin");\n' }, /^swaglint: \.swaglint\.yaml:1:11: the plugin '\.\/rules\.mjs' failed to load: bad plugin\.$/],
  ['a configuration that is not valid YAML', { '.swaglint.yaml': 'rules:\n  path-case: [warn\n  x: : y\n' }, /^swaglint: \.swaglint\.yaml:3:3: the configuration does not parse: missed comma between flow collection entries\.$/],
  ['a configuration that is not valid JSON', { '.swaglint.json': '{"rules": {,}}' }, /^swaglint: \.swaglint\.json:1:12: the configuration does not parse: invalid JSON/],
  ['a bad path-rules section', { '.swaglint-paths': '[legacy]\npath-case = warn\n' }, /^swaglint: \.swaglint-paths:1:1: '\[legacy\]' is not a section; write \[\/api\/path\] or \[document\.yaml:\/api\/path\]\.$/],
] as const) {
  test(`config error, exit 2 and one line: ${name}`, async () => {
    const dir = projectWith({ 'api.yaml': doc, ...files });
    const args = ['lint', 'api.yaml', '--format=json'];
    assertUserError(name === 'an unknown rule' ? await runMain(args, dir) : await runMain(args, dir), message);
  });
}

test('--config naming a missing file, and --baseline naming a missing file, exit 2', async () => {
  const dir = projectWith({ 'api.yaml': doc });
  assertUserError(await runMain(['lint', '--config', 'nope.yaml', 'api.yaml', '--format=json'], dir), /nope\.yaml: no such configuration file\.$/);
  assertUserError(await runMain(['lint', '--baseline', 'base.json', 'api.yaml', '--format=json'], dir), /--baseline .*base\.json: no such file; write one with --baseline-write\.$/);
});

test('a baseline survives 20 lines inserted above its finding; a new finding is still reported', async () => {
  const dir = projectWith({ 'api.yaml': doc });
  const wrote = await runMain(['lint', '--baseline-write', 'swaglint-baseline.json', 'api.yaml', '--format=json'], dir);
  assert.equal(wrote.code, 0, wrote.stderr);
  assert.match(wrote.stderr, /^swaglint: recorded 1 finding in swaglint-baseline\.json\.\n$/);
  const text = readFileSync(path.join(dir, 'swaglint-baseline.json'), 'utf8');
  assert.match(text, /"file":"api\.yaml","rule":"path-no-verbs","fingerprint":"[0-9a-f]{20}","count":1/);
  assert.doesNotMatch(text, /getOrders|"line"/, 'no document text and no line numbers');

  const padding = Array.from({ length: 20 }, (_, i) => `x-note-${i}: padding`).join('\n') + '\n';
  writeFileSync(path.join(dir, 'api.yaml'), doc.replace('security: []\n', `security: []\n${padding}`));
  const moved = await runMain(['lint', 'api.yaml', '--format=json'], dir);
  assert.deepEqual(shown(moved), ['api.yaml:25:4 path-no-verbs'], 'the finding moved 20 lines down');
  const baselined = await runMain(['lint', '--baseline', 'swaglint-baseline.json', 'api.yaml', '--format=json'], dir);
  assert.equal(baselined.code, 0, baselined.stderr);
  assert.deepEqual(shown(baselined), []);

  writeFileSync(path.join(dir, 'api.yaml'), readFileSync(path.join(dir, 'api.yaml'), 'utf8') + '  /createOrder:\n    post:\n      responses: {200: {description: ok}}\n');
  const grown = await runMain(['lint', '--baseline', 'swaglint-baseline.json', 'api.yaml', '--format=json'], dir);
  assert.equal(grown.code, 0, grown.stderr); // reported, as a warning (path-no-verbs is warn since issue 26)
  assert.deepEqual(shown(grown).filter((s) => s.endsWith('path-no-verbs')), ['api.yaml:28:4 path-no-verbs']);
});

test('a baseline counts: two identical findings against one baselined leaves one reported', () => {
  const at = { start: { line: 3, character: 2 }, end: { line: 3, character: 8 } };
  const d: Diagnostic = { ruleId: 'r', severity: 'warn', message: 'm', uri: '/p/api.yaml', pointer: '/paths/~1a', range: at };
  const entries = baselineEntries('/p/baseline.json', [d]);
  assert.deepEqual(entries.map((e) => [e.file, e.rule, e.count]), [['api.yaml', 'r', 1]]);
  const moved = { ...d, range: { start: { line: 40, character: 2 }, end: { line: 40, character: 8 } } };
  assert.equal(subtractBaseline('/p/baseline.json', entries, [moved, moved]).length, 1);
  assert.equal(subtractBaseline('/p/baseline.json', baselineEntries('/p/baseline.json', [d, d]), [moved, moved]).length, 0);
  assert.equal(subtractBaseline('/p/baseline.json', entries, [{ ...d, message: 'other' }]).length, 1, 'another message is another finding');
});

test('a baseline that is not one is refused with its place', async () => {
  const dir = projectWith({ 'api.yaml': doc, 'b.json': '{ "version": 1, "findings": [\n' });
  assertUserError(await runMain(['lint', '--baseline', 'b.json', 'api.yaml', '--format=json'], dir), /b\.json:2:1: the baseline does not parse/);
  writeFileSync(path.join(dir, 'b.json'), '{ "findings": {} }\n');
  assertUserError(await runMain(['lint', '--baseline', 'b.json', 'api.yaml', '--format=json'], dir), /b\.json is not a swaglint baseline/);
});

test('init writes a starter config that loads, and never overwrites one', () => {
  const dir = projectWith({ 'api.yaml': doc });
  const first = runCli(['init'], dir);
  assert.equal(first.code, 0, first.stderr);
  assertNoStack(first);
  assert.equal(first.stdout, 'Wrote .swaglint.yaml; edit it, then run swaglint lint.\n');
  const text = readFileSync(path.join(dir, '.swaglint.yaml'), 'utf8');
  assert.match(text, /^extends: swaglint:recommended$/m);
  const lint = runCli(['lint', 'api.yaml', '--format=json'], dir);
  assert.deepEqual(shown(lint), ['api.yaml:5:4 path-no-verbs'], lint.stderr);
  assertUserError(runCli(['init'], dir), /\.swaglint\.yaml already exists here; swaglint init never overwrites a configuration\.$/);
  assert.equal(readFileSync(path.join(dir, '.swaglint.yaml'), 'utf8'), text);
  assert.ok(!existsSync(path.join(dir, `.swaglint.yaml.${process.pid}.tmp`)));
});
