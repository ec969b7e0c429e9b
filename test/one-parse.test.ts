// One read and one parse per file per run, however its `$ref`s spell it: through a directory symlink
// `d -> .`, `shared.yaml`, `d/shared.yaml` and `d/d/shared.yaml` are one file. Counted, not timed: the
// reads through node:fs, the parses by the identity of the one parsed source every spelling maps to.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import fs, { mkdtempSync, promises as fsp, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, lintInput } from '../src/index.js';

const spellings = ['shared.yaml', 'd/shared.yaml', 'd/d/shared.yaml', 'd/d/d/shared.yaml', './d/../d/d/shared.yaml'];

function project(shared: string): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'swaglint-one-parse-')));
  symlinkSync('.', path.join(dir, 'd'));
  writeFileSync(path.join(dir, 'shared.yaml'), shared);
  const paths = spellings.map((s, i) => `  /p${i}:\n    $ref: '${s}#/paths/~1items'`).join('\n');
  writeFileSync(path.join(dir, 'main.yaml'), `swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths:\n${paths}\n`);
  return dir;
}

const shared = `paths:
  /items:
    get:
      operationId: listItems
      responses:
        '200': {description: OK}
        '999': {description: not a status code}
`;

/** Counts node:fs reads (promised or synchronous) of files whose real path is `file`, while `run` runs. */
async function readsOf<T>(file: string, run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  let reads = 0;
  const real = realpathSync(file);
  const count = (target: unknown) => {
    try {
      if (typeof target === 'string' && realpathSync(target) === real) reads++;
    } catch {
      // a file that does not exist is not the one counted; its read fails as it would have
    }
  };
  const original = fsp.readFile.bind(fsp);
  const spy = mock.method(fsp, 'readFile', (target: Parameters<typeof fsp.readFile>[0], ...rest: unknown[]) => {
    count(target);
    return (original as (...a: unknown[]) => unknown)(target, ...rest);
  });
  const originalSync = fs.readFileSync;
  const spySync = mock.method(fs, 'readFileSync', (target: unknown, ...rest: unknown[]) => {
    count(target);
    return (originalSync as (...a: unknown[]) => unknown)(target, ...rest);
  });
  // the loader imports readFileSync by name: its ES module binding follows the mock only when synced
  syncBuiltinESMExports();
  try {
    return { result: await run(), reads };
  } finally {
    spy.mock.restore();
    spySync.mock.restore();
    syncBuiltinESMExports();
  }
}

test('a file reached by five spellings through a directory symlink is read once and parsed once', async () => {
  const dir = project(shared);
  const { result: doc, reads } = await readsOf(path.join(dir, 'shared.yaml'), () => load({ path: 'main.yaml' }, { cwd: dir }));
  assert.equal(reads, 1);
  assert.equal(doc.failures.size, 0);
  // the root and the one shared source; the other spellings name that same parsed source
  assert.deepEqual([...doc.sources.keys()], [path.join(dir, 'main.yaml'), path.join(dir, 'shared.yaml')]);
  const one = doc.sources.get(path.join(dir, 'shared.yaml'));
  assert.equal(doc.spellings.size, spellings.length - 2); // `./d/../d/d/` is `d/d/` once resolved
  for (const source of doc.spellings.values()) assert.equal(source, one);
});

test("the shared file's findings are reported once, in the file as first spelt, under each API path that reaches it", async () => {
  const dir = project(shared);
  const { diagnostics } = await lintInput({ path: 'main.yaml' }, { cwd: dir, preset: 'recommended', rules: { 'operation-id-unique': 'off' } });
  const codes = diagnostics.filter((d) => d.ruleId === 'response-code-valid');
  assert.deepEqual(
    codes.map((d) => `${path.relative(dir, d.uri)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.apiPath}`),
    // one place in one file; kept under the first path only, as the walk visits a shared object once
    ['shared.yaml:7:9 /p0'],
  );
});

test('a file that does not parse is read and parsed once, and each spelling that names it fails with its reason', async () => {
  const dir = project('paths: {/items: [unclosed\n');
  const { result: doc, reads } = await readsOf(path.join(dir, 'shared.yaml'), () => load({ path: 'main.yaml' }, { cwd: dir }));
  assert.equal(reads, 1);
  assert.equal(doc.sources.size, 1);
  const failures = [...doc.failures.values()];
  assert.equal(failures.length, spellings.length - 1);
  assert.ok(failures.every((f) => f === failures[0] && f.reason === 'syntax'));
});
