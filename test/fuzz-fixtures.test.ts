// Every failure fuzzing (or the bad-input table) found is kept in fixtures/fuzz/ and linted here,
// with the finding it must now give. A new fixture without a row here fails the first test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkLint } from './helpers/fuzz-check.js';
import { projectDir } from './helpers/paths.js';

const dir = path.join(projectDir, 'fixtures', 'fuzz');

/** fixture → the parse-error it gives (a RegExp), or `null` when it lints normally. */
const expected: Record<string, RegExp | null> = {
  // 10 levels of nine aliases: 3.4 billion nodes once expanded; hung in a message quoting it
  'alias-bomb.yaml': /alias bomb/,
  'alias-bomb-quoted-in-message.yaml': /alias bomb/,
  // … and in the $ref resolver, which crawls the expanded value
  'alias-bomb-with-external-ref.yaml': /alias bomb/,
  'alias-bomb-other.yaml': null,
  // js-yaml builds these as cycles; JSON.stringify and the resolver would loop or throw
  'alias-cycle-sequence.yaml': /alias refers to a collection that contains it/,
  'alias-cycle-mapping.yaml': /alias refers to a collection that contains it/,
  // past maxDepth: stopped by the parsers' guard, not by a stack overflow
  'deep-flow.yaml': /nests more than 500 levels/,
  'deep-block.yaml': /nests more than 500 levels/,
  'deep.json': /nests more than 500 levels/,
  'deep-unparseable.json': /nests more than 500 levels/,
};

test('fuzz fixtures: each has an expectation', () => {
  assert.deepEqual(readdirSync(dir).sort(), Object.keys(expected).sort());
});

for (const [name, parseError] of Object.entries(expected)) {
  test(`fuzz fixture ${name}`, async () => {
    const file = path.join(dir, name);
    const result = await checkLint(readFileSync(file, 'utf8'), file, { preset: 'all', projectRoot: dir });
    const errors = result.diagnostics.filter((d) => d.ruleId === 'parse-error');
    if (parseError === null) assert.deepEqual(errors, []);
    else {
      assert.equal(errors.length, 1, JSON.stringify(result.diagnostics));
      assert.match(errors[0]!.message, parseError);
    }
  });
}
