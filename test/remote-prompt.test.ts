// `--auth <user>` asks for the password on a real pseudo-terminal (tmux), without echoing it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanDocument, documentServer, startServer, type TestServer } from './helpers/remote.js';
import { binPath, projectDir } from './helpers/paths.js';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasTmux && process.env['CI'] === 'true') throw new Error('tmux is missing; .ci/run installs it');
const skip = hasTmux ? false : 'tmux is not installed (apt-get install tmux)';

const user = 'alice';
const password = 'tty:pa$$ w0rd:typed';
let server: TestServer;
let dir: string;

before(async () => {
  server = await startServer(documentServer({ '/swagger.yaml': cleanDocument() }, (req) => req.headers.authorization === 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'), 'Basic realm="orders"'));
  dir = mkdtempSync(path.join(tmpdir(), 'swaglint-tty-'));
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Polls until `check` holds (the terminal is driven by another process; nothing here measures time). */
async function waitFor(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

test('the password is asked for on the terminal, not echoed, and the lint succeeds', { skip }, async () => {
  const socket = path.join(dir, 'tmux.sock');
  const out = path.join(dir, 'out.json');
  const code = path.join(dir, 'code');
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });
  // stdout goes to a file, stderr (the prompt) and stdin stay on the terminal
  const command = `env -u SWAGLINT_AUTH NO_COLOR=1 ${quote(process.execPath)} ${quote(binPath)} lint ${quote(`${server.origin}/swagger.yaml`)} --auth ${user} --format json > ${quote(out)}; echo $? > ${quote(code)}; sleep 30`;
  tmux('-f', '/dev/null', 'new-session', '-d', '-x', '160', '-y', '20', '-c', projectDir, command);
  try {
    const screen = () => tmux('capture-pane', '-p', '-J');
    await waitFor('the password prompt', () => screen().includes(`Password for ${user} at ${server.origin}: `));
    tmux('send-keys', '-l', password);
    tmux('send-keys', 'Enter');
    await waitFor('swaglint to finish', () => existsSync(code) && readFileSync(code, 'utf8').endsWith('\n'));
    const shown = screen();
    assert.equal(readFileSync(code, 'utf8').trim(), '0', shown);
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), []);
    for (const part of [password, 'pa$$', 'w0rd']) assert.ok(!shown.includes(part), `the terminal shows what was typed:\n${shown}`);
    assert.equal(server.requests.at(-1)!.headers.authorization, 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'));
  } finally {
    tmux('kill-server');
  }
});
