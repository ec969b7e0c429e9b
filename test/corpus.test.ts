// The whole corpus of real documents lints without a crash, and its expected verdicts hold: no
// validity error on a document marked valid, at least one on a document marked invalid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintInput } from '../src/pipeline/lint.js';
import { corpusEntries, decidesValidity } from './helpers/corpus.js';
import { corpusDir } from './helpers/paths.js';

const entries = corpusEntries().filter((e) => !e.fragment);

test('the corpus manifest lists documents', () => {
  assert.ok(entries.length >= 300, `only ${entries.length} documents`);
});

for (const entry of entries) {
  test(`corpus ${entry.expected}: ${entry.file}`, async () => {
    const result = await lintInput({ path: entry.path }, { preset: 'all', strict: true, projectRoot: corpusDir });
    const crashes = result.diagnostics.filter((d) => d.ruleId === 'internal-error');
    assert.deepEqual(crashes.map((d) => d.message), [], 'a rule crashed');
    const errors = result.diagnostics.filter((d) => d.severity === 'error' && decidesValidity(d));
    const shown = errors.slice(0, 8).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId} ${d.message}`).join('\n');
    if (entry.expected === 'valid') assert.equal(errors.length, 0, `expected valid (${entry.note}), got:\n${shown}`);
    if (entry.expected === 'invalid') assert.ok(errors.length > 0, `expected invalid (${entry.note}), got no error`);
  });
}
