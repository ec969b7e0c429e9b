// Each OpenAPI minor version's compiled schema is loaded when a document of that version is first
// checked, never before: a 3.0 or 3.1 run does not pay for 3.2's (node:test runs this file in a process of its own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../src/pipeline/lint.js';
import { loadedVersions } from '../src/formats/openapi3/validators.js';

const doc = (version: string) => `openapi: ${version}\ninfo: {title: T, version: '1'}\npaths: {}\n`;

test('a version\'s validator loads with its first document, and only then', async () => {
  assert.deepEqual(loadedVersions(), []);
  await lintText(doc('3.1.1'), '/virtual/a.yaml');
  assert.deepEqual(loadedVersions(), ['3.1']);
  await lintText(doc('3.2.0'), '/virtual/b.yaml');
  assert.deepEqual(loadedVersions(), ['3.1', '3.2']);
});
