// The CLI's plain path (`swaglint lint <files..>` without yargs) must behave exactly as yargs does:
// the same argument list with a flag that only restates a default goes through yargs, and both runs
// must print the same bytes and exit alike.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plainLintFiles } from '../src/cli/plain-lint.js';
import { runCli } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

test('plainLintFiles takes only flagless lint runs', () => {
  assert.deepEqual(plainLintFiles(['lint', 'a.yaml', 'b.json']), ['a.yaml', 'b.json']);
  assert.deepEqual(plainLintFiles(['a.yaml']), ['a.yaml']);
  assert.deepEqual(plainLintFiles(['lint', 'lint']), ['lint']);
  assert.deepEqual(plainLintFiles(['lint']), ['.'], 'lint alone: the current project');
  for (const argv of [[], ['rules'], ['rules', 'x'], ['lint', '-q', 'a.yaml'], ['a.yaml', '--preset', 'all'], ['--help'], ['help'], ['lint', 'help'], ['a.yaml', '--']]) {
    assert.equal(plainLintFiles(argv), undefined, JSON.stringify(argv));
  }
});

const cases: string[][] = [
  ['lint', 'fixtures/rules/path-no-verbs/rpc-style.yaml'],
  ['fixtures/rules/path-no-verbs/rpc-style.yaml', 'fixtures/rules/path-no-verbs/seed-paths.yaml'],
  ['lint', 'fixtures/rules/path-no-verbs'],
  ['lint', 'package.json'],
  ['lint', 'no/such/file.yaml'],
];

for (const args of cases) {
  test(`plain and yargs runs agree: swaglint ${args.join(' ')}`, () => {
    const plain = runCli(args, projectDir);
    const viaYargs = runCli([...args, '--preset', 'recommended'], projectDir);
    assert.equal(plain.code, viaYargs.code, `exit codes; stderr: ${plain.stderr} / ${viaYargs.stderr}`);
    assert.equal(plain.stdout, viaYargs.stdout);
    assert.equal(plain.stderr, viaYargs.stderr);
  });
}
