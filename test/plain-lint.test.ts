// The CLI's fast path (a lint run's flags parsed with Node's util.parseArgs, without yargs) must behave
// exactly as yargs does: the same argument list with a camelCase flag that restates a default
// (`--resolveRemote=false`, which only yargs reads) goes through yargs, and both runs must print the
// same bytes and exit alike.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plainLintFlags } from '../src/cli/plain-lint.js';
import { lintDefaults } from '../src/cli/lint-options.js';
import { runCli, runMain } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

test('the fast path reads files and the flags both parsers read alike', () => {
  assert.deepEqual(plainLintFlags(['lint', 'a.yaml', 'b.json']), { ...lintDefaults, files: ['a.yaml', 'b.json'] });
  assert.deepEqual(plainLintFlags(['a.yaml']), { ...lintDefaults, files: ['a.yaml'] });
  assert.deepEqual(plainLintFlags(['lint', 'lint']), { ...lintDefaults, files: ['lint'] });
  assert.deepEqual(plainLintFlags(['lint']), { ...lintDefaults, files: ['.'] }, 'lint alone: the current project');
  assert.deepEqual(plainLintFlags(['lint', '-f', 'json', 'a.yaml', '--format=sarif', '-o', 'r.json', '-q', '--no-color', '--rule', 'x=off', '--preset', 'all']), {
    ...lintDefaults,
    files: ['a.yaml'],
    format: ['json', 'sarif'],
    output: 'r.json',
    quiet: true,
    color: false,
    rule: 'x=off',
    preset: 'all',
  });
});

test('anything the two parsers might read differently goes to yargs', () => {
  const refused = [
    [], ['rules'], ['rules', 'x'], ['--help'], ['help'], ['lint', 'help'], ['a.yaml', '--'], ['--quiet'], ['-'],
    ['lint', '-qf', 'json', 'a.yaml'], ['lint', '-f=json', 'a.yaml'], ['a.yaml', '--maxWarnings', '3'], ['a.yaml', '--bogus'],
    ['a.yaml', '-f'], ['a.yaml', '--format', '--quiet'], ['a.yaml', '--quiet=yes'], ['a.yaml', '--quiet', '--quiet'],
    ['a.yaml', '--config', 'a', '--config', 'b'], ['a.yaml', '--preset', 'most'], ['a.yaml', '--timeout', '5'], ['a.yaml', '--cache-location'],
    ['a.yaml', '--version'], ['a.yaml', '--format='], ['a.yaml', '--config='],
  ];
  for (const argv of refused) assert.equal(plainLintFlags(argv), undefined, JSON.stringify(argv));
});

const sample = 'fixtures/samples/orders.yaml';
const cases: string[][] = [
  ['lint', 'fixtures/rules/path-no-verbs/rpc-style.yaml'],
  ['fixtures/rules/path-no-verbs/rpc-style.yaml', 'fixtures/rules/path-no-verbs/seed-paths.yaml'],
  ['lint', 'fixtures/rules/path-no-verbs', '--no-ignore'],
  ['lint', '.', '--ignore-pattern', 'packages/**'],
  ['lint', 'package.json'],
  ['lint', 'no/such/file.yaml'],
  ['lint', '-f', 'json', sample],
  ['lint', sample, '--format', 'sarif', '--quiet'],
  [sample, '-q', '--no-color', '--max-warnings', '0'],
  ['lint', '--preset', 'all', '--category', 'convention', sample, '--format=junit'],
  ['lint', '--rule', 'path-no-verbs=warn', '--rule', 'info-description=off', sample, '--fail-on', 'warn', '-f', 'github'],
  ['lint', '--format', 'nope', sample],
  ['lint', '--max-warnings', 'many', sample],
  ['lint', '--rule', 'no-such-rule=warn', sample],
];

// main() in this process chooses the parser (plainLintFlags or yargs), so the comparison needs no process
// per run; the cases in `spawned` also run through the real CLI (bin/swaglint.js, its bundle), which
// must print the same: a finding, a directory with its ignore flag, a machine format and a refusal
const spawned = new Set([0, 3, 7, 11]);

for (const [k, args] of cases.entries()) {
  test(`fast and yargs runs agree: swaglint ${args.join(' ')}`, async () => {
    // the two runs take different parsers, or this would compare one with itself
    assert.notEqual(plainLintFlags(args), undefined, 'the fast parser takes these flags');
    assert.equal(plainLintFlags([...args, '--resolveRemote=false']), undefined, 'the camelCase flag goes to yargs');
    const fast = await runMain(args, projectDir);
    const viaYargs = await runMain([...args, '--resolveRemote=false'], projectDir);
    assert.equal(fast.code, viaYargs.code, `exit codes; stderr: ${fast.stderr} / ${viaYargs.stderr}`);
    assert.equal(fast.stdout, viaYargs.stdout);
    assert.equal(fast.stderr, viaYargs.stderr);
    if (spawned.has(k)) {
      const real = runCli(args, projectDir);
      assert.deepEqual([real.code, real.stdout, real.stderr], [fast.code, fast.stdout, fast.stderr], 'the real CLI prints what main() does here');
    }
  });
}
