import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnyRule } from '../../src/lint/rule.js';
import { lintWithOnly } from './test-rule.js';

/**
 * Lints `text` with only `rule`, applies the fix of its one finding, and checks the fixed text gives
 * no finding of the rule any more. Returns the fixed text for the caller to compare.
 */
export async function applyOnlyFix(rule: AnyRule, text: string, uri = '/virtual/api.yaml'): Promise<string> {
  const before = (await lintWithOnly(rule, text, uri)).diagnostics.filter((d) => d.ruleId === rule.meta.id);
  assert.equal(before.length, 1, `expected one ${rule.meta.id} finding, got ${before.length}`);
  const fix = before[0]!.fix;
  assert.ok(fix, 'the finding has no fix');
  const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, text), fix.edits);
  const after = (await lintWithOnly(rule, fixed, uri)).diagnostics.filter((d) => d.ruleId === rule.meta.id || d.ruleId === 'parse-error');
  assert.deepEqual(after.map((d) => `${d.ruleId}: ${d.message}`), [], `the fixed text still fails:\n${fixed}`);
  return fixed;
}
