// A version swaglint does not check gets one finding, never a cascade of schema errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSource, type Source } from '../src/load/source.js';
import { resolveDocument } from '../src/load/load.js';
import { lintOpenApi3 } from './helpers/openapi3-lint.js';

async function findings(text: string) {
  const parsed = parseSource(text, '/virtual/api.yaml') as { ok: true; source: Source };
  return (await lintOpenApi3(await resolveDocument(parsed.source, { cwd: '/virtual' }))).map((f) => `${f.ruleId} ${f.range.start.line + 1}:${f.range.start.character + 1} ${f.message}`);
}

const rest = `info: {title: T, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: OK}}, unknown: 1}\n`;

test('OpenAPI 3.3.0 (no schema yet) is one finding at the version', async () => {
  const out = await findings(`openapi: 3.3.0\n${rest}`);
  assert.equal(out.length, 1);
  assert.match(out[0]!, /^openapi-version 1:10 OpenAPI 3\.3\.0 is not a version swaglint checks/);
});

test("'3.0' without a patch version is one finding that says to write the patch", async () => {
  const out = await findings(`openapi: '3.0'\n${rest}`);
  assert.deepEqual(out.length, 1);
  assert.match(out[0]!, /^openapi-version 1:10 `openapi: 3\.0` has no patch version: write .*'3\.0\.0'/);
});

test('a number is one finding that says to write the full version (quoting 3.1 would be no version either)', async () => {
  const out = await findings(`openapi: 3.1\n${rest}`);
  assert.equal(out.length, 1);
  assert.match(out[0]!, /^openapi-version 1:10 `openapi` must be a version string .* such as `openapi: 3\.1\.0`/);
});

test('both swagger and openapi is one finding at openapi', async () => {
  const out = await findings(`swagger: '2.0'\nopenapi: 3.0.3\n${rest}`);
  assert.equal(out.length, 1);
  assert.match(out[0]!, /^openapi-version 2:1 The document has both `swagger` and `openapi`/);
});

test('3.0.x, 3.1.x and 3.2.x are checked: the unknown property is found at its line and column', async () => {
  for (const version of ['3.0.3', '3.1.1', '3.2.0']) {
    const out = await findings(`openapi: ${version}\n${rest}`);
    assert.deepEqual(out.filter((f) => f.startsWith('schema-valid')).map((f) => f.split(' ').slice(0, 2).join(' ')), ['schema-valid 5:50'], version);
  }
});
