// The CLI's V8 code cache (src/startup/code-cache.ts): made by the first run, used by the next, and
// never trusted when it is corrupt, planted as a symlink or kept where others can write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binPath, projectDir } from './helpers/paths.js';

const sample = path.join(projectDir, 'fixtures', 'samples', 'orders.yaml');

function run(cacheHome: string, args: string[] = ['lint', sample], extra: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [binPath, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome, SWAGLINT_CODE_CACHE: '', ...extra } });
  assert.equal(r.signal, null);
  assert.doesNotMatch(r.stderr, /^\s+at /m);
  return r;
}

function cacheFiles(cacheHome: string): string[] {
  const dir = path.join(cacheHome, 'swaglint');
  try {
    return readdirSync(dir).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

test('the first run writes the cache, private to the user; later runs give the same report', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'swaglint-cc-'));
  const first = run(home);
  const files = cacheFiles(home);
  assert.equal(files.length, 1, 'one cache file, no temp file left');
  assert.match(path.basename(files[0]!), /^cli-[0-9a-f]{32}\.v8$/);
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
  // one flipped byte in the cached code: the checksum no longer matches
  bytes[bytes.length - 100] ^= 0xff;
  writeFileSync(file!, bytes);
  assert.equal(run(home).stdout, expected);
  assert.notDeepEqual(readFileSync(file!), bytes);
  writeFileSync(file!, 'not a cache at all');
  assert.equal(run(home).stdout, expected);
  assert.match(readFileSync(file!, 'latin1'), /^swaglint-v8-cache-1\n/);
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
  assert.equal(run(home, ['lint', sample], { SWAGLINT_CODE_CACHE: 'off' }).status, 1);
  const version = run(home, ['--version']);
  assert.equal(version.stdout, `${(JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { version: string }).version}\n`);
  assert.deepEqual(cacheFiles(home), []);
});
