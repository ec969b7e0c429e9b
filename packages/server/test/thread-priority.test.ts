// Lint and publish-reader threads run below the event loop that answers probes (issue 40: the
// readiness probe waited for a core behind the lints). On Linux a nice value is per thread: the test
// reads each of this process's threads' nice value from /proc after a lint and a publish body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { createLinter } from '../src/lint-revision.js';
import { PublishReader } from '../src/jobs/publish-reader.js';
import { parseServeArgs, serveCommand, type ServeIo } from '../src/cli.js';

const perThread = process.platform === 'linux' && existsSync('/proc/self/task') ? false : 'nice values per thread are read from Linux /proc';

/** The nice value of each of this process's threads (field 19 of its stat, after the name in parentheses). */
function niceValues(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}

function io(): ServeIo & { err: string } {
  const captured = { err: '', stdout: { write: () => true }, stderr: { write: (text: string) => (captured.err += text) }, cwd: () => process.cwd(), env: {} };
  return captured;
}

test('--thread-nice: 10 by default, a whole number from 0 to 19, else one line naming it and exit 2', async () => {
  const parsed = parseServeArgs([], io());
  assert.ok(parsed !== 'help');
  assert.equal(parsed.options.lint.threadNice, 10);
  const zero = parseServeArgs(['--thread-nice', '0'], io());
  assert.ok(zero !== 'help');
  assert.equal(zero.options.lint.threadNice, 0);
  for (const value of ['20', '-1', '2.5', 'low']) {
    const run = io();
    assert.equal(await serveCommand([`--thread-nice=${value}`], run), 2, value);
    assert.equal(run.err, `swaglint: --thread-nice ${value} should be a whole number from 0 to 19 (a nice value; 0: lint threads as urgent as requests).\n`);
  }
});

test('a lint thread and a publish-reader thread run at the nice value given; the event loop stays at its own', { skip: perThread }, async () => {
  const own = niceValues()[0];
  const linter = createLinter({ maxFiles: 10, timeoutMs: 60_000, concurrency: 1, threadNice: 7 });
  const reader = new PublishReader(1, 5);
  try {
    const outcome = await linter.lint({ root: 'api.yaml', files: new Map([['api.yaml', "swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n"]]) }, { id: 'default', preset: 'recommended', rules: {}, updated_at: '', updated_by: '' });
    assert.equal(outcome.title, 'T');
    const body = JSON.stringify({ root: 'a.yaml', files: { 'a.yaml': 'swagger: "2.0"\n' } });
    const request = Object.assign(Readable.from([Buffer.from(body)]), { headers: { 'content-type': 'application/json' } }) as unknown as IncomingMessage;
    await reader.read(request, { maxBodyBytes: 1024, maxFiles: 3 }, { apiId: 'a', publishedBy: 'p', idempotencyKey: null });
    // the threads stay, idle, until closed
    const values = niceValues();
    assert.equal(values[0], own, 'the main thread (the first task) keeps its priority');
    assert.ok(values.includes(7), `a thread at nice 7 among ${values.join(', ')}`);
    assert.ok(values.includes(5), `a thread at nice 5 among ${values.join(', ')}`);
  } finally {
    await linter.close();
    await reader.close();
  }
});
