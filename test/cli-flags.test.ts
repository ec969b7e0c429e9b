// Flags as users type them: a repeatable flag takes one value per occurrence and never the file names
// that follow it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { findings, runCli } from './helpers/cli.js';
import { binPath, projectDir } from './helpers/paths.js';

test('-f json before the file name lints the file', () => {
  const run = runCli(['lint', '-f', 'json', 'fixtures/samples/orders.yaml'], projectDir);
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(findings(run).map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['77:14 path-no-verbs']);
});

test('--rule is repeatable, the last setting of a rule wins', () => {
  const run = runCli(['lint', '--rule', 'path-no-verbs=warn', '--rule', 'path-no-verbs=off', '--format', 'json', 'fixtures/samples/orders.yaml'], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(findings(run), []);
});

test('a reader that closes the pipe early (swaglint … | head -1) gets no stack trace', () => {
  // a SARIF report carries every rule's docs: far more than a pipe holds, so the writer meets EPIPE
  const r = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${binPath}" lint -f sarif fixtures/samples/orders.yaml | head -1`], { cwd: projectDir, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^\S+/);
});
