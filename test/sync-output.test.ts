// The CLI's output straight to a file descriptor (src/startup/sync-output.ts): all of the text, in
// order, whether the descriptor blocks, would block, or has lost its reader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { syncOutput } from '../src/startup/sync-output.js';
import { binPath, projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

function fifo(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'swaglint-out-')), 'pipe');
  execFileSync('mkfifo', [file]);
  return file;
}

/** Everything a non-blocking descriptor holds now. */
function drain(fd: number): Buffer {
  const chunks: Buffer[] = [];
  for (;;) {
    const buffer = Buffer.alloc(1 << 16);
    try {
      const n = readSync(fd, buffer);
      if (n === 0) break;
      chunks.push(buffer.subarray(0, n));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
      throw error;
    }
  }
  return Buffer.concat(chunks);
}

test('a descriptor that would block (a full non-blocking pipe) hands the rest, and all later text, to the stream, in order', () => {
  // read and write ends in one descriptor, non-blocking: the pipe holds 64 KB, then EAGAIN
  const fd = openSync(fifo(), constants.O_RDWR | constants.O_NONBLOCK);
  try {
    const rest: Buffer[] = [];
    let streams = 0;
    const out = syncOutput(fd, () => (streams++, { write: (chunk) => (rest.push(Buffer.from(chunk)), true) }), () => assert.fail('not closed'), (code) => assert.fail(code));
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i} é\n`).join('');
    out.write(text);
    out.write('after\n');
    const inPipe = drain(fd);
    assert.ok(inPipe.length > 0 && inPipe.length < Buffer.byteLength(text), `${inPipe.length} bytes went to the pipe`);
    assert.equal(streams, 1, 'the stream is made once');
    assert.equal(Buffer.concat([inPipe, ...rest]).toString('utf8'), text + 'after\n');
  } finally {
    closeSync(fd);
  }
});

test('a reader that went away (EPIPE) ends the output once; nothing is thrown', () => {
  const file = fifo();
  const reader = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(file, constants.O_WRONLY);
  closeSync(reader);
  try {
    let closed = 0;
    const out = syncOutput(writer, () => assert.fail('no stream for a closed pipe'), () => closed++, (code) => assert.fail(code));
    assert.equal(out.write('first\n'), false);
    assert.equal(out.write('second\n'), false);
    assert.equal(closed, 1);
  } finally {
    closeSync(writer);
  }
});

test('a pipe and a file are not terminals', () => {
  const fd = openSync(fifo(), constants.O_RDWR | constants.O_NONBLOCK);
  const file = openSync(path.join(mkdtempSync(path.join(tmpdir(), 'swaglint-out-')), 'f'), 'w');
  try {
    assert.equal(syncOutput(fd, () => assert.fail(), () => undefined, () => undefined).isTTY, false);
    assert.equal(syncOutput(file, () => assert.fail(), () => undefined, () => undefined).isTTY, false);
  } finally {
    closeSync(fd);
    closeSync(file);
  }
});

test('a full disk is one line on stderr and exit 2, not an internal error', { skip: !existsSync('/dev/full') && process.env['CI'] !== 'true' ? 'no /dev/full here' : false }, () => {
  const run = spawnSync(process.execPath, [binPath, path.join(projectDir, 'fixtures', 'samples', 'orders.yaml')], { stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'], encoding: 'utf8', timeout: hangGuardMs });
  assert.equal(run.status, 2);
  assert.equal(run.stderr, 'swaglint: cannot write to standard output (ENOSPC).\n');
});
