// The README's and the docs pages' examples are real runs: each ```console block starts with
// `$ swaglint …`, and its other lines are what that command prints. The test runs each command from the
// checkout and compares. The pages are README.md and every docs/*.md (the rule pages' examples are
// test/rule-docs-examples.test.ts's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

const pages = ['README.md', ...readdirSync(path.join(projectDir, 'docs')).filter((n) => n.endsWith('.md')).sort().map((n) => `docs/${n}`)];
const text = (file: string) => readFileSync(path.join(projectDir, file), 'utf8');
const readme = text('README.md');
const examplesOf = (page: string) => [...page.matchAll(/^```console\n\$ (.+)\n([\s\S]*?)^```$/gm)].map((m) => ({ command: m[1]!, output: m[2]! }));
const examples = pages.flatMap((file) => examplesOf(text(file)).map((e) => ({ file, ...e })));

test('the README has console examples, and each example of the README and the docs runs swaglint', () => {
  assert.ok(examplesOf(readme).length >= 1, 'no ```console example in the README');
  for (const e of examples) assert.match(e.command, /^swaglint /, `${e.file}: ${e.command}`);
  assert.ok(examplesOf(readme).some((e) => /^swaglint lint /.test(e.command) && /✖ \d+ problem/.test(e.output)), 'a stylish example in the README');
  // the pages that took the README's other examples when it was split (issue 37) still have them
  assert.ok(examples.some((e) => e.file === 'docs/rules.md' && /schema-errors\.yaml/.test(e.command)), "docs/rules.md's schema-valid example");
});

for (const { file, command, output } of examples) {
  test(`${file} example: ${command}`, () => {
    // plain words only: an example that needs shell quoting is not one a reader can paste as it is
    assert.doesNotMatch(command, /["'`$|&;<>\\]/, 'shell syntax in the example');
    const run = runCli(command.split(/ +/).slice(1), projectDir);
    assert.equal(run.signal, null);
    assert.equal(run.stderr, '', 'the example prints nothing on stderr');
    assert.equal(run.stdout, output, `${file}'s output differs from a real run of: ${command}`);
  });
}

test('the docs install swaglint as the README says: from a clone or a packed tarball, never by a registry name', () => {
  for (const file of pages) {
    assert.doesNotMatch(text(file), /npm (?:install|i)(?: (?:--global|-g))? swaglint(?:-server)?\b/, `${file} installs a package that is not published`);
  }
  assert.match(readme, /^## Install$/m);
  assert.match(readme, /^npm install -g \.\/swaglint-<version>\.tgz/m);
});

test("the README keeps the Quick start's two commands, and stays a newcomer's page (about 400 lines at most)", () => {
  assert.match(readme, /^npm ci && npm run build && node bin\/swaglint\.js lint fixtures\/samples\/orders\.yaml$/m);
  assert.match(readme, /^npm ci && npm test$/m);
  const lines = readme.split('\n').length;
  assert.ok(lines <= 420, `README.md has ${lines} lines: move reference material to a docs/ page and link it`);
});

test("docs/output-formats.md's table of the stable JSON keys is what a JSON report holds, in order", () => {
  const page = text('docs/output-formats.md');
  const table = /^\| key \| type \| meaning \|\n\|---\|---\|---\|\n((?:\|.*\n)+)/m.exec(page)?.[1] ?? '';
  const documented = [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([^`]+)`/g)].map((k) => k[1]!));
  const run = runCli(['lint', 'fixtures/samples/orders.yaml', '-f', 'json'], projectDir);
  const [first] = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
  assert.deepEqual(documented, Object.keys(first!));
});
