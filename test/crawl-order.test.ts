// The loader's own crawl (src/load/load.ts): breadth first, so the files a document reaches are loaded
// in one order whatever order their reads finish in; a file that exists but cannot be read is a failure
// with its reason, not a silent "was not loaded".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from '../src/index.js';

function project(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'swaglint-crawl-')));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const head = "swagger: '2.0'\ninfo: {title: T, version: '1'}\n";

test('files are loaded level by level, each level in the order its $refs appear', async () => {
  // c.yaml is named first by a.yaml (level 2) and again by the root's last $ref (level 1): level 1 wins
  const dir = project({
    'main.yaml': `${head}paths:\n  /a: {$ref: 'a.yaml#/p'}\n  /b: {$ref: 'b.yaml#/p'}\n  /c: {$ref: 'c.yaml#/p'}\n`,
    'a.yaml': "p: {get: {responses: {'200': {$ref: 'd.yaml#/r'}}}}\nq: {$ref: 'c.yaml#/p'}\n",
    'b.yaml': "p: {get: {responses: {'200': {$ref: 'e.yaml#/r'}}}}\n",
    'c.yaml': "p: {get: {responses: {'200': {description: OK}}}}\n",
    'd.yaml': 'r: {description: OK}\n',
    'e.yaml': 'r: {description: OK}\n',
  });
  for (let i = 0; i < 3; i++) {
    const doc = await load({ path: 'main.yaml' }, { cwd: dir });
    assert.deepEqual([...doc.sources.keys()].map((f) => path.relative(dir, f)), ['main.yaml', 'a.yaml', 'b.yaml', 'c.yaml', 'd.yaml', 'e.yaml']);
    assert.equal(doc.failures.size, 0);
  }
});

test('a missing file and a file that cannot be read are failures under the key a lookup uses', async () => {
  const dir = project({
    'main.yaml': `${head}paths:\n  /a: {$ref: 'gone.yaml#/p'}\n  /b: {$ref: './sub/../locked.yaml#/p'}\n`,
    'locked.yaml': "p: {get: {responses: {'200': {description: OK}}}}\n",
  });
  chmodSync(path.join(dir, 'locked.yaml'), 0o000);
  try {
    const doc = await load({ path: 'main.yaml' }, { cwd: dir });
    assert.equal(doc.failures.get(path.join(dir, 'gone.yaml'))?.reason, 'missing');
    if (process.getuid?.() === 0) {
      // permissions do not bind root (as in CI containers): the file is read like any other
      assert.ok(doc.sources.has(path.join(dir, 'locked.yaml')));
    } else {
      assert.deepEqual(doc.failures.get(path.join(dir, 'locked.yaml')), { reason: 'unreadable', message: "'locked.yaml' cannot be read" });
    }
  } finally {
    chmodSync(path.join(dir, 'locked.yaml'), 0o644);
  }
});

test('a file found by its folder\'s real path and its own lstat: symlinks, folders and missing files as before', async () => {
  // link.yaml -> real.yaml (a symlinked file: one parse under its first spelling), alias/ -> sub/ (a
  // symlinked folder: its files are those of sub/), a folder $ref'd as a file, a missing file in a
  // folder that exists, a file in a folder that does not
  const dir = project({
    'main.yaml': `${head}paths:\n  /a: {$ref: 'real.yaml#/p'}\n  /b: {$ref: 'link.yaml#/p'}\n  /c: {$ref: 'alias/s.yaml#/p'}\n  /d: {$ref: 'sub/s.yaml#/p'}\n  /e: {$ref: 'sub#/p'}\n  /f: {$ref: 'sub/none.yaml#/p'}\n  /g: {$ref: 'none/s.yaml#/p'}\n`,
    'real.yaml': "p: {get: {responses: {'200': {description: OK}}}}\n",
  });
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, 'sub', 's.yaml'), "p: {get: {responses: {'200': {description: OK}}}}\n");
  symlinkSync('real.yaml', path.join(dir, 'link.yaml'));
  symlinkSync('sub', path.join(dir, 'alias'));
  const doc = await load({ path: 'main.yaml' }, { cwd: dir });
  assert.deepEqual([...doc.sources.keys()].map((f) => path.relative(dir, f)), ['main.yaml', 'real.yaml', 'alias/s.yaml']);
  assert.equal(doc.spellings.get(path.join(dir, 'link.yaml')), doc.sources.get(path.join(dir, 'real.yaml')));
  assert.equal(doc.spellings.get(path.join(dir, 'sub', 's.yaml')), doc.sources.get(path.join(dir, 'alias', 's.yaml')));
  assert.deepEqual(doc.failures.get(path.join(dir, 'sub')), { reason: 'unreadable', message: "'sub' is not a file" });
  assert.equal(doc.failures.get(path.join(dir, 'sub', 'none.yaml'))?.reason, 'missing');
  assert.equal(doc.failures.get(path.join(dir, 'none', 's.yaml'))?.reason, 'missing');
  assert.equal(doc.failures.size, 3);
});

test('a symlinked file that leaves the project is refused, one beside it that stays is read', async () => {
  const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'swaglint-crawl-outside-')));
  writeFileSync(path.join(outside, 'secret.yaml'), 'p: {}\n');
  const dir = project({
    'main.yaml': `${head}paths:\n  /a: {$ref: 'out.yaml#/p'}\n  /b: {$ref: 'in.yaml#/p'}\n`,
    'inside.yaml': "p: {get: {responses: {'200': {description: OK}}}}\n",
  });
  symlinkSync(path.join(outside, 'secret.yaml'), path.join(dir, 'out.yaml'));
  symlinkSync('inside.yaml', path.join(dir, 'in.yaml'));
  const doc = await load({ path: 'main.yaml' }, { cwd: dir });
  assert.equal(doc.failures.get(path.join(dir, 'out.yaml'))?.reason, 'outside-project');
  assert.ok(doc.sources.has(path.join(dir, 'in.yaml')));
  assert.equal(doc.failures.size, 1);
});
