// require('swaglint') (issue 30): CommonJS consumers get the library, with its types, without Node's
// require(esm) (run here with it turned off), from a .cjs file and from tsc in a CommonJS project.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esm from '../src/index.js';
import { projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

// a consumer project with swaglint in its node_modules, as npm links a local dependency
const consumer = mkdtempSync(path.join(tmpdir(), 'swaglint-cjs-'));
after(() => rmSync(consumer, { recursive: true, force: true }));
mkdirSync(path.join(consumer, 'node_modules', '@types'), { recursive: true });
symlinkSync(projectDir, path.join(consumer, 'node_modules', 'swaglint'));
symlinkSync(path.join(projectDir, 'node_modules', '@types', 'node'), path.join(consumer, 'node_modules', '@types', 'node'));
writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'commonjs' }));

test('a .cjs file requires swaglint (require(esm) off): the same exports as the ES module, and a lint with findings', () => {
  writeFileSync(
    path.join(consumer, 'use.cjs'),
    `const swaglint = require('swaglint');
swaglint.lint({ text: "swagger: '2.0'\\ninfo: {title: T, version: '1.0'}\\npaths: {}\\n", uri: '/x/api.yaml' }).then((found) => {
  console.log(JSON.stringify({ keys: Object.keys(swaglint).sort(), ids: found.map((d) => d.ruleId), error: new swaglint.UserError('x') instanceof Error }));
});
`,
  );
  const run = spawnSync(process.execPath, ['--no-experimental-require-module', 'use.cjs'], { cwd: consumer, encoding: 'utf8', timeout: hangGuardMs });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  const out = JSON.parse(run.stdout) as { keys: string[]; ids: string[]; error: boolean };
  assert.deepEqual(out.keys, Object.keys(esm).sort());
  assert.deepEqual(out.ids, ['info-description']);
  assert.equal(out.error, true);
});

test('tsc in a CommonJS project type-checks require(\'swaglint\') with the library\'s types, and rejects a misuse', () => {
  // one tsc run over a good file and a bad one (a run costs seconds): the bad one's error, and only it
  writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true, noEmit: true, types: ['node'] }, files: ['good.ts', 'bad.ts'] }));
  writeFileSync(path.join(consumer, 'good.ts'), `import swaglint = require('swaglint');
import type { Diagnostic, LintOptions } from 'swaglint';
const options: LintOptions = { preset: 'all' };
const found: Promise<Diagnostic[]> = swaglint.lint({ text: "swagger: '2.0'\\n", uri: '/x/api.yaml' }, options);
const failure: swaglint.UserError = new swaglint.UserError('bad input');
export const ids: readonly string[] = swaglint.builtinRules.map((r) => r.meta.id);
void found; void failure;
`);
  writeFileSync(path.join(consumer, 'bad.ts'), `import swaglint = require('swaglint');
export const n: number = swaglint.lint({ text: '', uri: '/x/api.yaml' });
`);
  const run = spawnSync(process.execPath, [path.join(projectDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], { cwd: consumer, encoding: 'utf8', timeout: hangGuardMs });
  assert.equal(run.status, 2, run.stdout + run.stderr);
  const errors = run.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
  assert.equal(errors.length, 1, run.stdout);
  assert.match(errors[0]!, /^bad\.ts\(2,14\): error TS2322: Type 'Promise<Diagnostic\[\]>' is not assignable to type 'number'/);
});
