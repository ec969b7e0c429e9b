// Settings (plain data: hashed by the cache, sent to worker threads) apart from the runtime (callbacks,
// signals, caches: this thread's). Before, a debug callback rode in the options sent to workers
// (DataCloneError, exit 2), and any plugin silently turned off both the pool and the cache.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { assertNoStack, findings, runCli, tempProject } from './helpers/cli.js';
import { binPath } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const dir = tempProject('swaglint-settings-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const doc = (n: number) => `swagger: '2.0'\ninfo: {title: Orders ${n}, version: '1.0', description: Orders API}\nschemes: [https]\nsecurity: []\npaths:\n  /orders${n}: {get: {responses: {"200": {description: Orders.}}}}\n`;
const files = ['a1.yaml', 'a2.yaml', 'a3.yaml', 'a4.yaml', 'a5.yaml', 'a6.yaml'];
for (const [i, f] of files.entries()) writeFileSync(path.join(dir, f), doc(i + 1));

test('SWAGLINT_DEBUG=1 with enough files for the worker pool lints them (no DataCloneError, no exit 2)', () => {
  const r = spawnSync(process.execPath, [binPath, 'lint', '-f', 'json', ...files.slice(0, 4)], {
    cwd: dir,
    encoding: 'utf8',
    timeout: hangGuardMs,
    env: { ...process.env, NO_COLOR: '1', SWAGLINT_DEBUG: '1' },
  });
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /DataCloneError|could not be cloned/);
  assert.deepEqual(JSON.parse(r.stdout), []);
});

test('a configuration\'s plugin runs in worker threads too, and its results are cached until the plugin changes', () => {
  // the rule leaves a mark each time it runs on a document, so a cached result is one that left none
  const marks = path.join(dir, 'marks.txt');
  const plugin = (word: string) => `import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
export default {
  meta: { id: 'acme/title-word', severity: 'warn', description: 'The title has a word.' },
  create: (ctx) => ({
    Info(info, node) {
      appendFileSync(${JSON.stringify(marks)}, isMainThread ? 'm' : 'w');
      if (!String(info.title).includes(${JSON.stringify(word)})) ctx.report({ node, property: 'title', message: 'no ${word} in the title' });
    },
  }),
};
`;
  writeFileSync(path.join(dir, 'acme.mjs'), plugin('Orders'));
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'plugins: [./acme.mjs]\n');
  const lint = () => {
    const run = runCli(['lint', '--cache', '-f', 'json', ...files], dir);
    assertNoStack(run);
    return run;
  };
  const ran = () => (existsSync(marks) ? readFileSync(marks, 'utf8').length : 0);

  const first = lint();
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(findings(first), []);
  assert.equal(ran(), files.length, 'the plugin ran on every document');
  // with a second core the pool lints some files in a worker thread, where the plugin must load too
  if (availableParallelism() > 1) assert.match(readFileSync(marks, 'utf8'), /w/, 'no file was linted in a worker thread');
  assert.equal(lint().code, 0);
  assert.equal(ran(), files.length, 'the second run came from the cache');

  // a changed plugin is a different run: nothing is reused
  writeFileSync(path.join(dir, 'acme.mjs'), plugin('Invoices'));
  const changed = lint();
  assert.equal(changed.code, 0, changed.stderr);
  assert.equal(ran(), 2 * files.length);
  assert.deepEqual(findings(changed).map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.category}`), files.map((f) => `${f}:2 acme/title-word convention`));
});

test('the baseline and --quiet filter cached results: changing them re-lints nothing', () => {
  const marks = path.join(dir, 'baseline-marks.txt');
  const project = path.join(dir, 'baseline-cache');
  mkdirSync(project);
  writeFileSync(path.join(project, 'acme.mjs'), `import { appendFileSync } from 'node:fs';
export default {
  meta: { id: 'acme/always', severity: 'warn', description: 'Reports every info object.' },
  create: (ctx) => ({ Info(info, node) { appendFileSync(${JSON.stringify(marks)}, 'x'); ctx.report({ node, property: 'title', message: 'seen' }); } }),
};
`);
  writeFileSync(path.join(project, '.swaglint.yaml'), 'plugins: [./acme.mjs]\n');
  writeFileSync(path.join(project, 'a.yaml'), doc(1));
  const lint = (...extra: string[]) => {
    const run = runCli(['lint', '--cache', '-f', 'json', 'a.yaml', ...extra], project);
    assertNoStack(run);
    return run;
  };
  assert.deepEqual(findings(lint()).map((f) => f.ruleId), ['acme/always']);
  assert.equal(lint('--baseline-write', 'base.json').code, 0);
  const ran = readFileSync(marks, 'utf8').length;
  const filtered = lint('--baseline', 'base.json');
  assert.equal(filtered.code, 0);
  assert.deepEqual(findings(filtered), []);
  assert.deepEqual(findings(lint('--quiet')), [], 'a warning is below --quiet');
  assert.equal(readFileSync(marks, 'utf8').length, ran, 'the cached result was filtered, not linted again');
});
