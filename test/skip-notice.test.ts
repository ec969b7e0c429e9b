// A directory run that skips many files says so in one line (how many, how many are the linted
// documents' fragments); --verbose names each; a few are named as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runMain } from './helpers/cli.js';
import { projectWith } from './helpers/project.js';
import { skipListLimit } from '../src/cli/skip-summary.js';

const api = (refs: number) =>
  `openapi: 3.0.3\ninfo: {title: Pets, version: '1.0'}\npaths: {}\ncomponents:\n  schemas:\n${Array.from({ length: refs }, (_, i) => `    S${i}: {$ref: 'schemas/s${i}.yaml'}\n`).join('')}`;

function project(fragments: number, others: number): string {
  const files: Record<string, string> = fragments ? { 'api.yaml': api(fragments) } : {};
  for (let i = 0; i < fragments; i++) files[`schemas/s${i}.yaml`] = 'type: string\n';
  for (let i = 0; i < others; i++) files[`values-${i}.yaml`] = 'a: 1\n';
  return projectWith(files);
}

const skipLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('swaglint: skipped'));

test('many skipped files: one line counts them, and the fragments among them', async () => {
  const dir = project(6, 2);
  const run = await runMain(['lint', '.', '--format', 'compact'], dir);
  assert.deepEqual(skipLines(run.stderr), ['swaglint: skipped 8 files that are not API descriptions (6 of them fragments the linted documents $ref); --verbose lists them.']);
  const verbose = await runMain(['lint', '.', '--format', 'compact', '--verbose'], dir);
  assert.equal(skipLines(verbose.stderr).length, 8, verbose.stderr);
  assert.ok(skipLines(verbose.stderr).includes('swaglint: skipped schemas/s0.yaml: not an API description (no top-level swagger or openapi field)'), verbose.stderr);
  assert.equal(verbose.stdout, run.stdout, 'the report is the same');
});

test('only fragments skipped: the line says they are all fragments', async () => {
  const run = await runMain(['lint', '.', '--format', 'compact'], project(skipListLimit + 1, 0));
  assert.deepEqual(skipLines(run.stderr), [`swaglint: skipped ${skipListLimit + 1} files that are not API descriptions (fragments the linted documents $ref); --verbose lists them.`]);
});

test(`up to ${skipListLimit} skipped files are named one by one`, async () => {
  const run = await runMain(['lint', '.', '--format', 'compact'], project(skipListLimit, 0));
  assert.equal(skipLines(run.stderr).length, skipListLimit, run.stderr);
});

test('nothing linted and many skipped: the closing line says --verbose lists them', async () => {
  const run = await runMain(['lint', '.'], project(0, skipListLimit + 2));
  assert.equal(run.code, 0);
  assert.equal(run.stderr, `swaglint: 0 API descriptions linted, ${skipListLimit + 2} YAML files skipped; --verbose lists them.\n`);
});
