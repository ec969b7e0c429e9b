// One root cause, one finding in the library too (issue 39): `lint`, `lintText` and `lintInput` fold a
// cause's consequences into it by default, as the CLI and the language server report them, and keep
// them as findings of their own with `fold: false`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lint, lintText } from '../src/index.js';
import { projectDir } from './helpers/paths.js';

// an Operation Object by $ref (Swagger 2.0 has none): the cause, and the operation's findings it causes
const text = readFileSync(path.join(projectDir, 'fixtures', 'fold', 'operation-ref.yaml'), 'utf8');
const uri = '/work/api.yaml';

test('the library folds a cause\'s consequences into it by default', async () => {
  const { diagnostics } = await lintText(text, uri);
  const cause = diagnostics.find((d) => d.ruleId === 'operation-no-ref');
  assert.deepEqual(cause?.folded?.map((d) => d.ruleId), ['response-success']);
  assert.ok(!diagnostics.some((d) => d.ruleId === 'response-success'), 'the consequence is not a finding of its own');
  assert.deepEqual((await lint({ text, uri })).map((d) => d.ruleId), diagnostics.map((d) => d.ruleId));
});

test('fold: false keeps the consequences as findings of their own', async () => {
  const { diagnostics } = await lintText(text, uri, { fold: false });
  assert.ok(diagnostics.some((d) => d.ruleId === 'response-success'));
  assert.ok(diagnostics.every((d) => d.folded === undefined));
});
