// scripts/test.js, what `npm test` runs after the build: the test files it is given, their temporary
// folder in memory when /dev/shm has room (gone when the run ends, also on Ctrl-C), a TMPDIR the caller
// set left alone, and the exit code of node's test runner.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runner = fileURLToPath(new URL('../../scripts/test.js', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'swaglint-test-runner-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A test file that writes its temporary folder to `<name>.tmp`, then passes, fails or waits to be stopped. */
function testFile(name: string, end: 'pass' | 'fail' | 'wait'): string {
  const file = path.join(work, `${name}.test.mjs`);
  const body = { pass: '', fail: "throw new Error('as planned');", wait: 'await new Promise((resolve) => setTimeout(resolve, 120_000));' }[end];
  writeFileSync(file, `import { test } from 'node:test';\nimport { writeFileSync } from 'node:fs';\nimport { tmpdir } from 'node:os';\ntest('${name}', async () => {\n  writeFileSync(${JSON.stringify(path.join(work, `${name}.tmp`))}, tmpdir());\n  ${body}\n});\n`);
  return file;
}

/** The temporary folder the test file saw. */
const seen = (name: string): string => readFileSync(path.join(work, `${name}.tmp`), 'utf8');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
}

/** Runs the runner on `files` with the environment given; `started` is called with a way to signal it. */
function run(files: string[], env: NodeJS.ProcessEnv, started?: (signal: (name: NodeJS.Signals) => void) => void): Promise<Run> {
  const child = spawn(process.execPath, [runner, ...files], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.resume();
  started?.((name) => child.kill(name));
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout })));
}

/** This environment without TMPDIR (as a shell usually has it), and not as a child of this test run. */
const withoutTmpdir = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env['TMPDIR'];
  // set by node --test for its files: a node --test that sees it reports to its parent instead of running
  delete env['NODE_TEST_CONTEXT'];
  return env;
};

test('the files it is given run with their own temporary folder, removed after; the exit code is the tests\'', async () => {
  const passed = await run([testFile('passes', 'pass')], withoutTmpdir());
  assert.equal(passed.code, 0, passed.stdout);
  const folder = seen('passes');
  if (folder.startsWith('/dev/shm/')) {
    assert.match(folder, /^\/dev\/shm\/swaglint-test-\d+-\w+$/);
    assert.equal(existsSync(folder), false, 'the run\'s folder is gone');
  } else {
    // no room in /dev/shm (a container's is 64 MB): the usual folder
    assert.equal(folder, tmpdir());
  }
  const failed = await run([testFile('fails', 'fail')], withoutTmpdir());
  assert.equal(failed.code, 1, failed.stdout);
  assert.match(failed.stdout, /as planned/);
});

test('a TMPDIR the caller set is kept', async () => {
  const own = mkdtempSync(path.join(work, 'own-'));
  const result = await run([testFile('kept', 'pass')], { ...withoutTmpdir(), TMPDIR: own });
  assert.equal(result.code, 0, result.stdout);
  assert.equal(seen('kept'), own);
});

test('Ctrl-C (SIGINT to the runner) stops the run and removes its folder', { timeout: 60_000 }, async () => {
  const report = path.join(work, 'waits.tmp');
  const result = await run([testFile('waits', 'wait')], withoutTmpdir(), (signal) => {
    // once the test file runs (it has written its folder down), as a person presses Ctrl-C
    const poll = setInterval(() => {
      if (!existsSync(report)) return;
      clearInterval(poll);
      signal('SIGINT');
    }, 50);
    poll.unref();
  });
  assert.ok(existsSync(report), result.stdout);
  assert.ok(result.code !== 0 || result.signal === 'SIGINT', `the run ended ${result.code} ${result.signal}`);
  const folder = seen('waits');
  if (folder.startsWith('/dev/shm/')) assert.equal(existsSync(folder), false, 'the run\'s folder is gone');
});
