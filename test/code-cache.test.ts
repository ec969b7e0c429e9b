// The CLI's V8 code cache (src/startup/code-cache.ts): made by the first run, used by the next, and
// never trusted when it is corrupt, planted as a symlink or kept where others can write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binPath, projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const sample = path.join(projectDir, 'fixtures', 'samples', 'orders.yaml');

function run(cacheHome: string, args: string[] = ['lint', sample], extra: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [binPath, ...args], { encoding: 'utf8', timeout: hangGuardMs, env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome, SWAGLINT_CODE_CACHE: '', ...extra } });
  assert.equal(r.signal, null);
  assert.doesNotMatch(r.stderr, /^\s+at /m);
  return r;
}

/** The CLI bundle's cache files (`cli-*`); `all` for every entry of the directory. */
function cacheFiles(cacheHome: string, all = false): string[] {
  const dir = path.join(cacheHome, 'swaglint');
  try {
    return readdirSync(dir)
      .filter((f) => all || f.startsWith('cli-'))
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

test('the first run writes the cache, private to the user; later runs give the same report', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const first = run(home);
  const files = cacheFiles(home);
  assert.equal(files.length, 1, 'one cache file of the bundle');
  assert.deepEqual(cacheFiles(home, true).filter((f) => f.endsWith('.tmp')), [], 'no temp file left');
  // named by the bundle's content and the Node build, never by anything the document holds
  assert.match(path.basename(files[0]!), /^cli-[0-9a-f]{32}-node\d+\.\d+\.\d+-v8-[0-9A-Za-z._]+-[a-z0-9]+\.v8$/);
  assert.equal(statSync(files[0]!).mode & 0o777, 0o600);
  assert.equal(statSync(path.dirname(files[0]!)).mode & 0o777, 0o700);
  const bytes = readFileSync(files[0]!);
  const second = run(home);
  assert.equal(second.stdout, first.stdout);
  assert.equal(second.status, first.status);
  assert.deepEqual(readFileSync(files[0]!), bytes, 'a usable cache is not rewritten');
});

test('a corrupt cache is ignored and replaced', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const expected = run(home).stdout;
  const [file] = cacheFiles(home);
  const bytes = readFileSync(file!);
  // one flipped byte in the cached code: the CRC-32 no longer matches
  bytes[bytes.length - 100] ^= 0xff;
  writeFileSync(file!, bytes);
  assert.equal(run(home).stdout, expected);
  assert.notDeepEqual(readFileSync(file!), bytes);
  writeFileSync(file!, 'not a cache at all');
  assert.equal(run(home).stdout, expected);
  assert.match(readFileSync(file!, 'latin1'), /^swaglint-v8-cache-2\n[0-9a-f]{8}/);
});

test('a symlink in place of the cache is not followed, for reading or writing', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const expected = run(home).stdout;
  const [file] = cacheFiles(home);
  const target = path.join(home, 'elsewhere');
  writeFileSync(target, 'keep me');
  unlinkSync(file!);
  symlinkSync(target, file!);
  assert.equal(run(home).stdout, expected);
  assert.equal(readFileSync(target, 'utf8'), 'keep me');
  assert.ok(lstatSync(file!).isFile(), 'the symlink was replaced by a cache file of its own');
});

test('a cache directory others can write is neither read nor written', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const expected = run(home).stdout;
  const [file] = cacheFiles(home);
  chmodSync(path.dirname(file!), 0o777);
  writeFileSync(file!, 'planted');
  assert.equal(run(home).stdout, expected);
  assert.equal(readFileSync(file!, 'utf8'), 'planted');
});

test('SWAGLINT_CODE_CACHE=off writes no cache; --version needs none', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  assert.equal(run(home, ['lint', sample], { SWAGLINT_CODE_CACHE: 'off' }).status, 0); // the sample's one finding is a warning
  const version = run(home, ['--version']);
  assert.equal(version.stdout, `${(JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { version: string }).version}\n`);
  assert.deepEqual(cacheFiles(home, true), []);
});

test('whatever the first run did, its cache holds the lint: a `rules` run first gives the same cache as a lint first', () => {
  const afterRules = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  assert.equal(run(afterRules, ['rules']).status, 0);
  const afterLint = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  run(afterLint);
  const [a] = cacheFiles(afterRules);
  const [b] = cacheFiles(afterLint);
  // V8 caches the functions that ran: without the warm-up, `rules` ran none of the parser, rules or formatter
  const size = (f: string) => statSync(f).size;
  assert.ok(size(a!) > 0.8 * size(b!), `cache after rules ${size(a!)} bytes, after a lint ${size(b!)} bytes`);
  assert.equal(run(afterRules).stdout, run(afterLint).stdout);
});

test('caches a month old are removed when a new one is written; newer ones and other files stay', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const dir = path.join(home, 'swaglint');
  mkdirSync(dir, { mode: 0o700 });
  const old = Date.now() / 1000 - 40 * 24 * 3600;
  const files = {
    oldBuild: path.join(dir, `cli-${'a'.repeat(32)}-node20.0.0-v8-11.3-x64.v8`),
    oldFormat: path.join(dir, `cli-${'b'.repeat(32)}.v8`),
    recent: path.join(dir, `cli-${'c'.repeat(32)}-node22.0.0-v8-12.4-x64.v8`),
    notACache: path.join(dir, 'notes.txt'),
  };
  for (const f of Object.values(files)) writeFileSync(f, 'x', { mode: 0o600 });
  for (const f of [files.oldBuild, files.oldFormat, files.notACache]) utimesSync(f, old, old);
  run(home);
  assert.equal(existsSync(files.oldBuild), false);
  assert.equal(existsSync(files.oldFormat), false);
  assert.equal(existsSync(files.recent), true, 'a recent cache (another Node, another install) stays');
  assert.equal(existsSync(files.notACache), true, 'only cache files are removed');
  assert.equal(cacheFiles(home).filter((f) => /cli-.*\.v8$/.test(f)).length, 2);
});

test('no warm-up where no cache would be written: disabled, or no directory for it can be made', async () => {
  const { loadBundle } = await import('../src/startup/code-cache.js');
  const bundle = path.join(projectDir, 'dist', 'src', 'cli-bundle.vm.js');
  const importer = (specifier: string) => import(specifier);
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  assert.equal(loadBundle(bundle, importer, { XDG_CACHE_HOME: home }).canSave(), true);
  assert.equal(loadBundle(bundle, importer, { XDG_CACHE_HOME: home, SWAGLINT_CODE_CACHE: 'off' }).canSave(), false);
  const notADirectory = path.join(home, 'file');
  writeFileSync(notADirectory, '');
  assert.equal(loadBundle(bundle, importer, { XDG_CACHE_HOME: notADirectory }).canSave(), false);
});

// OpenAPI 3.0 with a schema error: the validator runs and reports
const openapi3 = path.join(projectDir, 'fixtures', 'openapi3-corpus', 'mermade', '3.0', 'fail', 'apimatic-converted-petstore.json');

test('the OpenAPI 3 validator the run compiled and js-yaml are cached beside the bundle, used by the next run, and replaced when damaged', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const uncached = run(home, ['lint', openapi3], { SWAGLINT_CODE_CACHE: 'off' });
  const first = run(home, ['lint', openapi3]);
  assert.equal(first.stdout, uncached.stdout);
  const scripts = cacheFiles(home, true).filter((f) => path.basename(f).startsWith('script-openapi'));
  assert.equal(scripts.length, 1, 'the 3.0 validator only');
  assert.equal(cacheFiles(home, true).filter((f) => path.basename(f).startsWith('script-js-yaml.js-')).length, 1, "js-yaml's, from the warm-up");
  assert.match(path.basename(scripts[0]!), /^script-openapi30-validator\.cjs-[0-9a-f]{8}-[0-9a-f]+-node\d+\.\d+\.\d+-v8-[0-9A-Za-z._]+-[a-z0-9]+\.v8$/);
  assert.equal(statSync(scripts[0]!).mode & 0o777, 0o600);
  const bytes = readFileSync(scripts[0]!);
  assert.equal(run(home, ['lint', openapi3]).stdout, uncached.stdout);
  assert.deepEqual(readFileSync(scripts[0]!), bytes, 'a usable cache is not rewritten');
  bytes[bytes.length - 100] ^= 0xff;
  writeFileSync(scripts[0]!, bytes);
  assert.equal(run(home, ['lint', openapi3]).stdout, uncached.stdout);
  assert.notDeepEqual(readFileSync(scripts[0]!), bytes, 'a damaged cache is written again');
});

test('Node 22 and later: the packages the CLI requires go to a compile cache in the same private directory', (t) => {
  if (typeof (process.getBuiltinModule('node:module') as { enableCompileCache?: unknown }).enableCompileCache !== 'function') {
    t.skip(`Node ${process.version} has no module compile cache`);
    return;
  }
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const first = run(home);
  const dir = path.join(home, 'swaglint', 'node');
  assert.ok(existsSync(dir) && readdirSync(dir).length > 0, 'Node wrote its cache');
  assert.equal(run(home).stdout, first.stdout);
  const off = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  run(off, ['lint', sample], { SWAGLINT_CODE_CACHE: 'off' });
  assert.equal(existsSync(path.join(off, 'swaglint')), false);
});
