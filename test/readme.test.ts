// The README's examples are real runs: each ```console block starts with `$ swaglint …`, and its other
// lines are what that command prints. The test runs each command from the checkout and compares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

const readme = readFileSync(path.join(projectDir, 'README.md'), 'utf8');
const examples = [...readme.matchAll(/^```console\n\$ (.+)\n([\s\S]*?)^```$/gm)].map((m) => ({ command: m[1]!, output: m[2]! }));

test('the README has console examples, and each runs swaglint', () => {
  assert.ok(examples.length >= 1, 'no ```console example in the README');
  for (const e of examples) assert.match(e.command, /^swaglint /, e.command);
  assert.ok(examples.some((e) => /^swaglint lint /.test(e.command) && /✖ \d+ problem/.test(e.output)), 'a stylish example');
});

for (const { command, output } of examples) {
  test(`README example: ${command}`, () => {
    // plain words only: an example that needs shell quoting is not one a reader can paste as it is
    assert.doesNotMatch(command, /["'`$|&;<>\\]/, 'shell syntax in the example');
    const run = runCli(command.split(/ +/).slice(1), projectDir);
    assert.equal(run.signal, null);
    assert.equal(run.stderr, '', 'the example prints nothing on stderr');
    assert.equal(run.stdout, output, `the README's output differs from a real run of: ${command}`);
  });
}

test('the docs install swaglint as the README says: from a clone or a packed tarball, never by a registry name', () => {
  for (const file of ['README.md', 'docs/editors.md']) {
    const text = readFileSync(path.join(projectDir, file), 'utf8');
    assert.doesNotMatch(text, /npm (?:install|i)(?: (?:--global|-g))? swaglint(?:-server)?\b/, `${file} installs a package that is not published`);
  }
  assert.match(readme, /^## Install$/m);
  assert.match(readme, /^npm install -g \.\/swaglint-<version>\.tgz/m);
});
