// Many files: .gitignore, the worker pool's order and script, a broken file among good ones, --cache and its
// invalidation, and the progress line. The worker pool's run is the real CLI's; the others call its
// main() in this process (a child's start is some 0.25 s of CPU a run).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { assertNoStack, cliEnv, findings, runCli, runMain, tempProject, type CliRun } from './helpers/cli.js';
import { progressLine } from '../src/cli/progress.js';
import { cacheKeyFile, entryMac, type Entry } from '../src/cli/lint-cache.js';
import { cleanHead, writeProjectFile } from './helpers/project.js';
import { hangGuardMs } from './helpers/hang-guard.js';
import { binPath } from './helpers/paths.js';

const dir = tempProject('swaglint-many-');
// the cache's HMAC key of these runs (main() here reads it, children inherit it), not the user's own
process.env['XDG_CACHE_HOME'] = path.join(path.dirname(dir), 'user-cache');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const head = cleanHead;
const ok = 'paths:\n  /orders: {get: {responses: {"200": {description: Orders.}}}}\n';
const file = (name: string, content: string | Buffer): string => writeProjectFile(dir, name, content);
/** main() in this process: which files, in which order, from the cache or not is main()'s to decide. */
const lint = async (...args: string[]): Promise<CliRun> => {
  const run = await runMain(['lint', ...args], dir);
  assertNoStack(run);
  return run;
};
/** The real CLI, whose worker pool is the bundle's. */
const lintCli = (...args: string[]): CliRun => {
  const run = runCli(['lint', ...args], dir);
  assertNoStack(run);
  return run;
};

test('.gitignore is respected when expanding directories and globs, not for files named explicitly', async () => {
  file('gi/.gitignore', 'generated/\n*.draft.yaml\n');
  // each document has one finding, so the report lists the files that were linted
  const verb = head + 'paths:\n  /getOrders: {get: {responses: {"200": {description: Orders.}}}}\n';
  file('gi/api.yaml', verb);
  file('gi/generated/out.yaml', verb);
  file('gi/wip.draft.yaml', verb);
  file('gi/nested/.gitignore', '!keep.draft.yaml\n');
  file('gi/nested/keep.draft.yaml', verb);
  file('gi/nested/other.draft.yaml', verb);
  const linted = (run: CliRun) => findings(run).map((f) => f.file);
  const dirRun = await lint('gi', '--format', 'json');
  assert.equal(dirRun.code, 0, dirRun.stderr); // warnings only: path-no-verbs is warn since issue 26
  assert.deepEqual(linted(dirRun), ['gi/api.yaml', 'gi/nested/keep.draft.yaml']);
  const globRun = await lint('gi/**/*.yaml', '--format', 'json');
  assert.deepEqual(linted(globRun), ['gi/api.yaml', 'gi/nested/keep.draft.yaml']);
  const named = await lint('gi/generated/out.yaml', 'gi/wip.draft.yaml', '--format', 'json');
  assert.deepEqual(linted(named), ['gi/generated/out.yaml', 'gi/wip.draft.yaml']);
});

test('many files are linted in parallel and reported in file order; a broken one is its own finding', () => {
  const names: string[] = [];
  for (let i = 0; i < 12; i++) {
    // sizes differ so that workers finish out of order
    const extra = Array.from({ length: (12 - i) * 40 }, (_, k) => `  /orders${k}: {get: {responses: {"200": {description: Orders.}}}}\n`).join('');
    names.push(file(`many/api-${String(i).padStart(2, '0')}.yaml`, head + `paths:\n  /getThings${i}: {get: {responses: {"200": {description: Things.}}}}\n` + extra));
  }
  file('many/api-05b.yaml', head + 'paths: {/orders: [unclosed\n');
  const run = lintCli('many', '--format', 'json');
  assert.equal(run.code, 1, run.stderr);
  const got = findings(run).map((f) => `${f.file} ${f.ruleId}`);
  const expected = [...names.slice(0, 6), 'many/api-05b.yaml', ...names.slice(6)].map((n) => `${n} ${n.endsWith('05b.yaml') ? 'parse-error' : 'path-no-verbs'}`);
  assert.deepEqual(got, expected);
  assert.equal(lintCli('many', '--format', 'json').stdout, run.stdout, 'the same output on every run');
});

test('the real CLI\'s pool workers run its bundle (pool-worker.cjs), not the unbundled modules', () => {
  for (let i = 0; i < 4; i++) file(`bundle-pool/api-${i}.yaml`, head + ok);
  // Node's module log names every CommonJS script a thread loads, the pool's workers included (the unbundled
  // worker, lint-worker.js, is an ES module the log does not name: the bundle's script must be there)
  const r = spawnSync(process.execPath, [binPath, 'lint', 'bundle-pool', '--format', 'json'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: hangGuardMs,
    env: cliEnv({ NODE_DEBUG: 'module' }),
  });
  assert.equal(r.status, 0, r.stderr.slice(-2000));
  // a single core starts no worker (lint-pool.ts): then neither script is loaded
  if (availableParallelism() > 1) assert.match(r.stderr, /pool-worker\.cjs/);
  else assert.doesNotMatch(r.stderr, /pool-worker\.cjs/);
});

test('--cache reuses unchanged results, and a config change or a $ref\'d file change invalidates them', async () => {
  file('cached/api.yaml', head + 'x-internal-token: TOKEN-3f9a-not-in-cache\npaths:\n  /orders:\n    get:\n      responses:\n        "200": {description: Orders., schema: {$ref: "defs.yaml#/Order"}}\n');
  file('cached/defs.yaml', 'Order: {type: object, required: [id], properties: {id: {type: string}}}\n');
  // required-properties-exist is off in recommended (issue 38: a convention, its precision measured below 0.9)
  file('cached/.swaglint.yaml', 'rules:\n  required-properties-exist: error\n');
  const cacheFile = path.join(dir, '.swaglint-cache');
  const cacheArgs = ['cached/api.yaml', '--format', 'json', '--cache'];

  const first = await lint(...cacheArgs);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  const stored = readFileSync(cacheFile, 'utf8');
  assert.doesNotMatch(stored, /TOKEN-3f9a/, 'no document text in the cache');
  // A sentinel finding planted in the cache proves the next run serves it instead of linting
  const plant = () => {
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
    const entry = cache.entries[path.join(dir, 'cached/api.yaml')];
    assert.ok(entry, 'the document has an entry');
    entry.diagnostics = [{ ruleId: 'info-title', severity: 'warn', message: 'served from the cache', uri: path.join(dir, 'cached/api.yaml'), pointer: '', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }];
    // signed with this user's key, as swaglint would have: the cache trusts only what it wrote
    entry.mac = entryMac(readFileSync(cacheKeyFile()), path.join(dir, 'cached/api.yaml'), entry as Entry);
    writeFileSync(cacheFile, JSON.stringify(cache));
  };
  plant();
  assert.deepEqual(findings(await lint(...cacheArgs)).map((f) => f.message), ['served from the cache']);

  // an option change: linted again
  const withRule = await lint(...cacheArgs, '--rule', 'path-case=warn');
  assert.ok(!findings(withRule).some((f) => f.message === 'served from the cache'), withRule.stdout);
  assert.doesNotMatch(readFileSync(cacheFile, 'utf8'), /path-case=warn/, 'options are hashed, not stored');
  assert.deepEqual(findings(await lint(...cacheArgs, '--preset', 'all')).filter((f) => f.message === 'served from the cache'), []);

  // a change in the $ref'd file: linted again, and its new finding is reported
  await lint(...cacheArgs);
  plant();
  assert.deepEqual(findings(await lint(...cacheArgs)).map((f) => f.message), ['served from the cache']);
  file('cached/defs.yaml', 'Order: {type: object, required: [id, total], properties: {id: {type: string}}}\n');
  const changed = await lint(...cacheArgs);
  assert.deepEqual(findings(changed).map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`), ['cached/defs.yaml:1:38 required-properties-exist']);

  // a change in the document itself
  plant();
  file('cached/api.yaml', readFileSync(path.join(dir, 'cached/api.yaml'), 'utf8') + '\n');
  assert.deepEqual(findings(await lint(...cacheArgs)).map((f) => f.ruleId), ['required-properties-exist']);

  // a configuration file found beside the document, then edited: each time linted again
  plant();
  file('cached/.swaglint.yaml', 'rules:\n  required-properties-exist: warn\n');
  assert.deepEqual(JSON.parse((await lint(...cacheArgs)).stdout).map((f: { ruleId: string; severity: string }) => `${f.ruleId} ${f.severity}`), ['required-properties-exist warn']);
  plant();
  file('cached/.swaglint.yaml', 'rules:\n  required-properties-exist: off\n');
  assert.deepEqual(findings(await lint(...cacheArgs)), []);
});

test('--cache never trusts a result that depended on a $ref\'d file it could not load', async () => {
  file('missing/api.yaml', head + 'paths:\n  /orders:\n    get:\n      responses:\n        "200": {description: Orders., schema: {$ref: "later.yaml#/Order"}}\n');
  const args = ['missing/api.yaml', '--format', 'json', '--cache-location', 'missing.cache'];
  assert.deepEqual(findings(await lint(...args)).map((f) => f.ruleId), ['ref-resolves']);
  file('missing/later.yaml', 'Order: {type: object}\n');
  assert.deepEqual(findings(await lint(...args)).map((f) => f.ruleId), []);
});

test('a corrupt cache file is ignored and rebuilt', async () => {
  file('corrupt/api.yaml', head + 'paths:\n  /getOrders: {get: {responses: {"200": {description: Orders.}}}}\n');
  for (const garbage of ['{"swaglintCache": 1, "entries": {"x": 1', 'null', '[1,2]', '{"swaglintCache":1,"entries":{"' + path.join(dir, 'corrupt/api.yaml').replace(/\\/g, '\\\\') + '":{"options":1,"files":"x"}}}', '\u0000\u0001binary']) {
    writeFileSync(path.join(dir, 'corrupt.cache'), garbage);
    const run = await lint('corrupt/api.yaml', '--format', 'json', '--cache-location', 'corrupt.cache');
    assert.equal(run.code, 0, run.stderr); // a warning: path-no-verbs is warn since issue 26
    assert.equal(run.stderr, '');
    assert.deepEqual(findings(run).map((f) => f.ruleId), ['path-no-verbs']);
    assert.equal(JSON.parse(readFileSync(path.join(dir, 'corrupt.cache'), 'utf8')).swaglintCache, 1);
  }
});

test('a --cache-location in a missing directory is one clear error', async () => {
  file('loc/api.yaml', head + ok);
  const run = await lint('loc/api.yaml', '--cache-location', 'no/such/dir/cache');
  assert.equal(run.code, 2);
  assert.match(run.stderr, /^swaglint: Cannot write no\/such\/dir\/cache: its directory does not exist\.\n$/);
  const over = await lint('loc/api.yaml', '--cache-location', 'loc/api.yaml');
  assert.equal(over.code, 2);
  assert.match(over.stderr, /^swaglint: --cache-location loc\/api\.yaml is one of the documents being linted; choose another file\.\n$/);
});

test('the progress line: only on a terminal, only once shown, cleared at the end', async () => {
  const written: string[] = [];
  const io = { stdout: { write: () => true }, stderr: { write: (s: string) => written.push(s), isTTY: true }, cwd: () => dir, env: {} };
  const shown = progressLine(io, 0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  shown.update(3, 10);
  shown.end();
  assert.match(written.join(''), /^\r\u001b\[Kswaglint: 0\/0 files/);
  assert.match(written.at(-1)!, /^\r\u001b\[K$/);

  const none: string[] = [];
  const quiet = progressLine({ ...io, stderr: { write: (s: string) => none.push(s), isTTY: false } }, 0);
  await new Promise((resolve) => setTimeout(resolve, 5));
  quiet.update(1, 1);
  quiet.end();
  assert.deepEqual(none, []);
});
