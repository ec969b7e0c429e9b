// A command line that makes no sense is refused in one sentence (exit 2, no yargs text); a command
// line that makes sense but is loose (`--fail-on warning`, `swaglint lint` alone) does what it says.
// The refusals and flags are main()'s, checked in this process (runMain); the first test, `lint` alone
// with init's hint, the directory's summary and --version run the real CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, runCli, runMain, tempProject } from './helpers/cli.js';
import { projectWith } from './helpers/project.js';
import { binPath, projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

/** One finding, at warn level: the path's trailing slash. */
const warnOnly = "swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\nschemes: [https]\nsecurity: []\npaths:\n  /orders/: {get: {responses: {'200': {description: Orders.}}}}\n";

test('the sample document used below has exactly one finding, a warning', () => {
  const dir = projectWith({ 'api.yaml': warnOnly });
  const r = runCli(['lint', 'api.yaml', '--format', 'json'], dir);
  assert.equal(r.code, 0, r.stderr);
  const found = JSON.parse(r.stdout) as Array<{ ruleId: string; severity: string }>;
  assert.deepEqual(found.map((d) => `${d.ruleId} ${d.severity}`), ['path-trailing-slash warn']);
});

test('--max-warnings takes a whole number: abc and -5 are refused, 0 gates', async () => {
  const dir = projectWith({ 'api.yaml': warnOnly });
  assertUserError(await runMain(['lint', 'api.yaml', '--max-warnings', 'abc'], dir), /^swaglint: --max-warnings abc is not a number of warnings; give a whole number, 0 or more/);
  assertUserError(await runMain(['lint', 'api.yaml', '--max-warnings', '-5'], dir), /^swaglint: --max-warnings -5 is not a number of warnings/);
  assertUserError(await runMain(['lint', 'api.yaml', '--max-warnings=1.5'], dir), /--max-warnings 1\.5 is not a number/);
  const gated = await runMain(['lint', 'api.yaml', '--max-warnings', '0'], dir);
  assert.equal(gated.code, 1, gated.stderr);
  assert.match(gated.stderr, /too many warnings \(more than --max-warnings 0\)/);
  assert.equal((await runMain(['lint', 'api.yaml', '--max-warnings', '1'], dir)).code, 0);
});

test('--fail-on warning is --fail-on warn; an unknown level is one sentence, with no yargs text', async () => {
  const dir = projectWith({ 'api.yaml': warnOnly });
  assert.equal((await runMain(['lint', 'api.yaml', '--fail-on', 'warning'], dir)).code, 1);
  assert.equal((await runMain(['lint', 'api.yaml', '--fail-on', 'warn'], dir)).code, 1);
  assert.equal((await runMain(['lint', 'api.yaml', '--fail-on', 'error'], dir)).code, 0);
  const bad = await runMain(['lint', 'api.yaml', '--fail-on', 'sometimes'], dir);
  assertUserError(bad, /^swaglint: --fail-on sometimes is not a severity level; use one of error, warn, info, hint, never\.$/);
});

test("yargs's own messages come out as one sentence naming the flag", async () => {
  const dir = projectWith({ 'api.yaml': warnOnly });
  const cases: Array<[string[], RegExp]> = [
    [['lint', 'api.yaml', '--preset', 'strictest'], /^swaglint: --preset strictest is not one of recommended, all\.$/],
    [['lint', 'api.yaml', '--bogus'], /^swaglint: unknown option --bogus; see swaglint --help\.$/],
    [['lint', 'api.yaml', '-f'], /^swaglint: -f needs a value\.$/],
    [['rules', '--format', 'yaml'], /^swaglint: --format yaml is not one of text, json\.$/],
    [['rules', 'extra'], /^swaglint: unknown argument 'extra'; see swaglint --help\.$/],
  ];
  for (const [args, message] of cases) {
    const r = await runMain(args, dir);
    assertUserError(r, message);
    assert.doesNotMatch(r.stderr, /Invalid values|Argument:|Given:|Choices:/, args.join(' '));
  }
});

test("a misspelt command is named as one: unknown command 'lnt'; did you mean 'lint'?", async () => {
  const dir = projectWith({ 'api.yaml': warnOnly });
  assertUserError(await runMain(['lnt', 'api.yaml'], dir), /^swaglint: unknown command 'lnt'; did you mean 'lint'\?$/);
  assertUserError(await runMain(['rule'], dir), /^swaglint: unknown command 'rule'; did you mean 'rules'\?$/);
  // a file that happens to look like a command is still a file
  writeFileSync(path.join(dir, 'lnt'), warnOnly);
  assert.equal((await runMain(['lnt'], dir)).code, 0);
  // a word far from every command is a missing file, as before
  assertUserError(await runMain(['orders'], dir), /No such file or directory: orders/);
});

test("swaglint lint alone lints the current project, so init's closing hint works as printed", () => {
  const dir = projectWith({ 'api.yaml': warnOnly, 'compose.yaml': 'services: {web: {image: nginx}}\n' });
  const init = runCli(['init'], dir);
  assert.equal(init.code, 0, init.stderr);
  const hint = /then run (swaglint [a-z ]+)\.$/m.exec(init.stdout);
  assert.ok(hint, init.stdout);
  const r = runCli(hint[1]!.split(' ').slice(1), dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^api\.yaml:6:10 +warning +.* path-trailing-slash$/m);
  assert.equal(r.stderr, 'swaglint: skipped compose.yaml: not an API description (no top-level swagger or openapi field)\n');
  // and the bare program name still asks for a command rather than guessing
  assertUserError(runCli([], dir), /^swaglint: Name a command or the files to lint; see swaglint --help\.$/);
});

test('a directory with no API description says what was linted and skipped, on stderr', () => {
  const dir = projectWith({ 'compose.yaml': 'services: {}\n', 'ci.yml': 'jobs: {}\n', 'values.yaml': 'a: 1\n' });
  const r = runCli(['lint', '.'], dir);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 4, r.stderr);
  assert.equal(lines[3], 'swaglint: 0 API descriptions linted, 3 YAML files skipped.');
  const mixed = projectWith({ 'compose.yaml': 'services: {}\n', 'package.json': '{"name": "x"}\n' });
  assert.match(runCli(['lint', '.'], mixed).stderr, /^swaglint: 0 API descriptions linted, 1 YAML file and 1 JSON file skipped\.$/m);
});

test('swaglint --version loads no yargs (it answers before the argument parser is needed)', () => {
  const dir = tempProject('swaglint-version-');
  // a module hook that makes importing yargs fail: whatever loads it would exit non-zero
  writeFileSync(path.join(dir, 'hooks.mjs'), "export async function resolve(specifier, context, next) {\n  if (specifier === 'yargs' || specifier.startsWith('yargs/')) throw new Error('yargs was loaded');\n  return next(specifier, context);\n}\n");
  writeFileSync(path.join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
  const run = (args: string[]) => spawnSync(process.execPath, ['--import', './register.mjs', binPath, ...args], { cwd: dir, encoding: 'utf8', timeout: hangGuardMs });
  const version = run(['--version']);
  assert.equal(version.status, 0, version.stderr);
  const own = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { version: string };
  assert.equal(version.stdout, `${own.version}\n`);
  // the hook does catch yargs: help needs it
  const help = run(['--help']);
  assert.notEqual(help.status, 0);
  assert.match(help.stderr, /yargs was loaded/);
});
