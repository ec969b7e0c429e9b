// require('swaglint') (issue 30): CommonJS consumers get the library without Node's require(esm) (run
// here with it turned off), from a .cjs file. Its types from tsc in a CommonJS project are checked
// where a consumer gets them, on the installed package (package.test.ts: one tsc run for ES module and
// CommonJS consumers, where a second run here cost some 10 s of CPU).
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
mkdirSync(path.join(consumer, 'node_modules'), { recursive: true });
symlinkSync(projectDir, path.join(consumer, 'node_modules', 'swaglint'));
writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'commonjs' }));

test('a .cjs file requires swaglint (require(esm) off): the same exports as the ES module, and a lint with findings', () => {
  writeFileSync(
    path.join(consumer, 'use.cjs'),
    `const swaglint = require('swaglint');
swaglint.lint({ text: "swagger: '2.0'\\ninfo: {title: T, version: '1.0'}\\npaths: {}\\n", uri: '/x/api.yaml' }).then((found) => {
  const names = Object.entries(swaglint).filter(([, v]) => typeof v === 'function').map(([k, v]) => [k, v.name]);
  console.log(JSON.stringify({ keys: Object.keys(swaglint).sort(), names, ids: found.map((d) => d.ruleId), error: new swaglint.UserError('x') instanceof Error }));
});
`,
  );
  const run = spawnSync(process.execPath, ['--no-experimental-require-module', 'use.cjs'], { cwd: consumer, encoding: 'utf8', timeout: hangGuardMs });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  const out = JSON.parse(run.stdout) as { keys: string[]; names: Array<[string, string]>; ids: string[]; error: boolean };
  assert.deepEqual(out.keys, Object.keys(esm).sort());
  // each function under the name it is imported by, as the ES module gives it (the bundle renames colliding ones)
  const esmNames = Object.entries(esm).filter(([, v]) => typeof v === 'function').map(([k, v]) => [k, (v as { name: string }).name]);
  assert.deepEqual([...out.names].sort(), esmNames.sort(), 'a CommonJS export whose name differs from the ES module one');
  assert.deepEqual(out.ids, ['info-description']);
  assert.equal(out.error, true);
});
