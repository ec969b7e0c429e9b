// Each OpenAPI minor version's compiled schema is required when a document of that version is first
// checked, never before: a 3.0 or 3.1 run does not pay for 3.2's (node:test runs this file in a process of its own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { lintText } from '../src/pipeline/lint.js';

const loaded = () => Object.keys(createRequire(import.meta.url).cache).map((file) => /openapi(\d\d)-validator\.cjs$/.exec(file)?.[1]).filter((v): v is string => v !== undefined).sort();
const doc = (version: string) => `openapi: ${version}\ninfo: {title: T, version: '1'}\npaths: {}\n`;

test('a version\'s validator loads with its first document, and only then', async () => {
  assert.deepEqual(loaded(), []);
  await lintText(doc('3.1.1'), '/virtual/a.yaml');
  assert.deepEqual(loaded(), ['31']);
  await lintText(doc('3.2.0'), '/virtual/b.yaml');
  assert.deepEqual(loaded(), ['31', '32']);
});
