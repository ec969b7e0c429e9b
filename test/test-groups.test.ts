// scripts/test-groups.js: the test files `npm test` runs together in one process a group. Each listed
// file exists (a renamed one would otherwise stop running), is listed once, and does none of what
// would leak into the files after it in the same process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectDir } from './helpers/paths.js';

const { groups } = (await import(pathToFileURL(path.join(projectDir, 'scripts', 'test-groups.js')).href)) as { groups: Record<string, Record<string, string[]>> };

/** The TypeScript source of a compiled test folder: dist/test -> test, packages/server/dist/test -> packages/server/test. */
const sourceFolder = (folder: string): string => path.join(projectDir, folder.replace(/(^|\/)dist\/test$/, '$1test'));

const listed = Object.entries(groups).flatMap(([folder, byGroup]) => Object.values(byGroup).flat().map((name) => path.join(sourceFolder(folder), `${name}.test.ts`)));

test('every file a group lists is a test file, listed once', () => {
  assert.ok(listed.length > 50, `${listed.length} files`);
  assert.deepEqual(listed.filter((f) => !existsSync(f)), []);
  assert.equal(new Set(listed).size, listed.length);
});

test('no grouped file sets the environment, changes folder, mocks, or listens to the process', () => {
  const leaks = [
    /process\.env(\[[^\]]+\]|\.\w+)\s*=[^=]/,
    /delete process\.env/,
    /process\.chdir/,
    /\bmock\./,
    /globalThis\.\w+\s*=[^=]/,
    /process\.on(ce)?\(/,
  ];
  const found = listed.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return leaks.filter((p) => p.test(text)).map((p) => `${path.relative(projectDir, file)}: ${p.source}`);
  });
  assert.deepEqual(found, []);
});
