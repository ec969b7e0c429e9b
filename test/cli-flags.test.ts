// Flags as users type them: a repeatable flag takes one value per occurrence and never the file names
// that follow it. Typed into the real CLI in the first test and the pipe's; the others are what main()
// makes of the flags, checked in this process (runMain).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findings, runCli, runMain } from './helpers/cli.js';
import { binPath, projectDir } from './helpers/paths.js';

test('-f json before the file name lints the file', () => {
  const run = runCli(['lint', '-f', 'json', 'fixtures/samples/orders.yaml'], projectDir);
  assert.equal(run.code, 0, run.stderr); // its one finding is a warning (path-no-verbs is warn since issue 26)
  assert.deepEqual(findings(run).map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['77:14 path-no-verbs']);
});

test('--rule is repeatable, the last setting of a rule wins', async () => {
  const run = await runMain(['lint', '--rule', 'path-no-verbs=warn', '--rule', 'path-no-verbs=off', '--format', 'json', 'fixtures/samples/orders.yaml'], projectDir);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(findings(run), []);
});

test('a reader that closes the pipe early (swaglint … | head -1) gets no stack trace', () => {
  // a SARIF report carries every rule's docs: far more than a pipe holds, so the writer meets EPIPE
  const r = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${binPath}" lint -f sarif fixtures/samples/orders.yaml | head -1`], { cwd: projectDir, encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^\S+/);
});

test('--category runs one kind of rule, and the JSON and SARIF findings carry the category', async () => {
  const file = 'fixtures/samples/orders.yaml';
  const conventions = await runMain(['lint', '--category', 'convention', '-f', 'json', file], projectDir);
  assert.equal(conventions.code, 0, conventions.stderr); // a warning: path-no-verbs is warn since issue 26
  assert.deepEqual(findings(conventions).map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.category}`), ['77:14 path-no-verbs convention']);
  const validity = await runMain(['lint', '--category', 'validity', '-f', 'json', file], projectDir);
  assert.equal(validity.code, 0, validity.stderr);
  assert.deepEqual(findings(validity), []);
  const sarif = await runMain(['lint', '-f', 'sarif', file], projectDir);
  const run = (JSON.parse(sarif.stdout) as { runs: Array<{ results: Array<{ ruleId: string; properties?: { category?: string } }>; tool: { driver: { rules: Array<{ id: string; properties?: { category?: string } }> } } }> }).runs[0]!;
  assert.deepEqual(run.results.map((r) => [r.ruleId, r.properties?.category]), [['path-no-verbs', 'convention']]);
  assert.equal(run.tool.driver.rules.find((r) => r.id === 'schema-valid')?.properties?.category, 'validity');
  const wrong = await runMain(['lint', '--category', 'style', file], projectDir);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /category/);
});

test('swaglint rules shows each rule\'s category, in text and in JSON', async () => {
  const text = await runMain(['rules'], projectDir);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^info-title +error +validity +/m);
  assert.match(text.stdout, /^info-nonempty +warn +convention +/m);
  const json = await runMain(['rules', '--format', 'json'], projectDir);
  const rules = JSON.parse(json.stdout) as Array<{ id: string; category: string }>;
  assert.ok(rules.every((r) => r.category === 'validity' || r.category === 'convention'));
  assert.equal(rules.find((r) => r.id === 'unused-ignore')?.category, 'convention');
});

test('--output is written in the folder main() is given, not the process\'s', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-output-'));
  try {
    const sample = path.join(projectDir, 'fixtures/samples/orders.yaml');
    const run = await runMain(['lint', sample, '--format', 'json', '--output', 'report.json'], dir);
    assert.equal(run.code, 0, run.stderr);
    const written = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as unknown[];
    assert.equal(written.length, 1);
    assert.equal(existsSync(path.join(process.cwd(), 'report.json')), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
