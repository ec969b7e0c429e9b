// `swaglint init` lints the folder, shows the findings per rule and proposes a configuration (and a
// baseline) that the user accepts or declines; driven here on a real folder, the OAI's examples,
// through the CLI's main() in this process (the answer on a stdin that is no terminal, as in a pipe).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { propose, offFrom } from '../src/cli/init-proposal.js';
import type { Diagnostic } from '../src/types.js';
import { findings, runMain, tempProject } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';

const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const d = (ruleId: string, category: 'validity' | 'convention', severity: Diagnostic['severity'] = 'warn'): Diagnostic => ({ ruleId, category, severity, message: ruleId, uri: '/a.yaml', pointer: '', range: at });

test('propose: a convention with many findings off, a convention error lowered, validity never off, a baseline for the rest', async () => {
  const list = [
    ...Array.from({ length: offFrom }, () => d('path-no-verbs', 'convention')),
    d('operation-summary', 'convention', 'error'),
    ...Array.from({ length: 30 }, () => d('schema-valid', 'validity', 'error')),
  ];
  const { rules, baseline } = propose(list);
  assert.deepEqual(rules.map((r) => `${r.id}: ${r.level}`), ['operation-summary: warn', 'path-no-verbs: off']);
  assert.equal(baseline.length, 31, 'the validity errors and the lowered convention');
  assert.deepEqual(propose(list.slice(0, 3)), { rules: [], baseline: [] });
});

/** The OAI's OpenAPI 3 examples and tests (fixtures/openapi3-corpus/oai), in a project of their own. */
function oaiProject(): string {
  const dir = tempProject('swaglint-init-');
  cpSync(path.join(projectDir, 'fixtures', 'openapi3-corpus', 'oai'), path.join(dir, 'oai'), { recursive: true });
  return dir;
}

test('init on a real folder: counts per rule, a proposal; accepted, lint with its baseline reports nothing', async () => {
  const dir = oaiProject();
  const before = findings(await runMain(['lint', '.', '-f', 'json'], dir));
  assert.ok(before.length >= 10, `${before.length} findings: the folder should give init something to propose`);
  const init = await runMain(['init'], dir, { input: 'y\n' });
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /^Findings by rule$/m);
  assert.match(init.stdout, /^Proposed configuration \(\.swaglint\.yaml\):$/m);
  assert.doesNotMatch(init.stdout, /with `swaglint init`/, 'no hint to run the command being run');
  assert.match(init.stdout, /Write it\? \[Y\/n\] Wrote \.swaglint\.yaml/);
  const config = readFileSync(path.join(dir, '.swaglint.yaml'), 'utf8');
  assert.match(config, /^extends: swaglint:recommended$/m);
  // each rule the proposal printed is in the file, with the same reason
  for (const m of init.stdout.matchAll(/^ {2}([a-z0-9-]+): (off|warn) {2}# (.+)$/gm)) assert.ok(config.includes(`  ${m[1]}: ${m[2]}  # ${m[3]}`), m[0]);
  const hint = /then run (swaglint [^.]+(?:\.json)?)\.$/m.exec(init.stdout)?.[1];
  assert.ok(hint, init.stdout);
  const after = await runMain([...hint.split(' ').slice(1), '-f', 'json'], dir);
  assert.equal(after.code, 0, after.stderr);
  assert.deepEqual(findings(after), []);
});

test('init declined, or with no answer: the plain starter and no baseline', async () => {
  for (const input of ['n\n', '']) {
    const dir = oaiProject();
    const init = await runMain(['init'], dir, { input });
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /Wrote \.swaglint\.yaml; edit it, then run swaglint lint\.\n$/);
    assert.doesNotMatch(readFileSync(path.join(dir, '.swaglint.yaml'), 'utf8'), /proposed by swaglint init/);
    assert.ok(!existsSync(path.join(dir, 'swaglint-baseline.json')));
    if (input === '') assert.match(init.stderr, /no answer on standard input: writing the plain starter; swaglint init --yes writes the proposal/);
  }
});

test('init --yes writes the proposal without asking', async () => {
  const dir = oaiProject();
  const init = await runMain(['init', '--yes'], dir);
  assert.equal(init.code, 0, init.stderr);
  assert.doesNotMatch(init.stdout, /Write it\?/);
  assert.match(readFileSync(path.join(dir, '.swaglint.yaml'), 'utf8'), /^extends: swaglint:recommended$/m);
});
