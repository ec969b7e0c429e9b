// Packages only some runs need are required on first use (src/lazy-package.ts): a lint of a document
// with no pattern and a configuration with no glob loads neither re2js nor picomatch, and one with a
// pattern still matches it, through the CLI bundle as through the library; jsonc-parser loads only to
// name a JSON syntax error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lazyPackage } from '../src/lazy-package.js';
import { binPath, projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

test('lazyPackage requires the package on the first call, and once', () => {
  const require = createRequire(import.meta.url);
  const file = require.resolve('picomatch');
  assert.equal(require.cache[file], undefined, 'nothing in this test process loaded picomatch before');
  const picomatch = lazyPackage<(glob: string) => (text: string) => boolean>('picomatch');
  assert.equal(require.cache[file], undefined, 'not required when made');
  const first = picomatch();
  assert.notEqual(require.cache[file], undefined);
  assert.equal(picomatch(), first);
  assert.equal(first('*.yaml')('orders.yaml'), true);
});

/** The packages a CLI run required by name, recorded by a preloaded module. */
function lint(document: string, name = 'api.yaml'): { stdout: string; status: number | null; required: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'swaglint-lazy-'));
  const preload = path.join(dir, 'record.cjs');
  const out = path.join(dir, 'required.json');
  writeFileSync(preload, `const Module = require('node:module');
const load = Module._load;
const seen = new Set();
Module._load = function (request, ...rest) { seen.add(request); return load.call(this, request, ...rest); };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify([...seen])));
`);
  const file = path.join(dir, name);
  writeFileSync(file, document);
  const r = spawnSync(process.execPath, ['--require', preload, binPath, 'lint', '--format', 'json', file], { cwd: dir, encoding: 'utf8', timeout: hangGuardMs, env: { ...process.env, SWAGLINT_CODE_CACHE: 'off' } });
  assert.equal(r.signal, null);
  return { stdout: r.stdout, status: r.status, required: JSON.parse(readFileSync(out, 'utf8')) as string[] };
}

test('a lint with no pattern and no glob loads neither re2js nor picomatch', () => {
  const { status, required } = lint(readFileSync(path.join(projectDir, 'fixtures', 'samples', 'orders.yaml'), 'utf8'));
  assert.notEqual(status, 2);
  assert.ok(required.some((r) => /js-yaml[\\/]dist[\\/]js-yaml\.js$/.test(r)), 'the preload saw the CLI require its packages');
  assert.equal(required.includes('re2js'), false);
  assert.equal(required.includes('picomatch'), false);
  assert.equal(required.includes('jsonc-parser'), false);
});

test('jsonc-parser loads only for a JSON document that does not parse, and still names the error', () => {
  const valid = lint('{"swagger": "2.0", "info": {"title": "Orders", "version": "1.0"}, "paths": {}}', 'api.json');
  assert.notEqual(valid.status, 2);
  assert.equal(valid.required.includes('jsonc-parser'), false);
  const broken = lint('{"swagger": "2.0",\n "info": {,}}', 'api.json');
  assert.ok(broken.required.includes('jsonc-parser'));
  const found = JSON.parse(broken.stdout) as Array<{ ruleId: string; line: number; column: number; message: string }>;
  assert.deepEqual(
    found.map((d) => [d.ruleId, d.line, d.column]),
    [['parse-error', 2, 11]],
  );
  assert.match(found[0]!.message, /a value was expected/);
});

test('a pattern an example breaks is still matched: re2js loads on the first pattern', () => {
  const document = `swagger: '2.0'
info: {title: Orders, version: '1.0'}
paths: {}
definitions:
  Order:
    type: object
    properties:
      code: {type: string, pattern: '^[a-z]+$', example: 'ABC'}
`;
  const { stdout, required } = lint(document);
  assert.ok(required.includes('re2js'));
  const found = (JSON.parse(stdout) as Array<{ ruleId: string; line: number; column: number; message: string }>).filter((d) => d.ruleId === 'value-fits-schema');
  assert.equal(found.length, 1);
  assert.deepEqual([found[0]!.line, found[0]!.column], [8, 58]);
  assert.match(found[0]!.message, /not matched by its pattern/);
});
