// The re-lint's first batch keeps the very finding objects an edit did not move (issue 41): the
// language server converts and serialises only the others (lsp/diagnostics-json.ts). A finding with
// related places used to be copied on every edit, so every description-markdown finding was converted
// and serialised again (half of DocuSign's half megabyte of diagnostics).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintSession, relint } from '../src/pipeline/incremental.js';
import type { Diagnostic } from '../src/types.js';

const operation = (description: string) => ({ get: { description, responses: { '200': { description: 'OK.' } } } });
const api = (first: string) =>
  JSON.stringify(
    {
      swagger: '2.0',
      info: { title: 'Kept', version: '1.0' },
      paths: { '/a': operation(first), '/b': operation('See <b>this</b> and <i>that</i>.'), '/c': operation('Also <b>here</b>.') },
    },
    null,
    2,
  );

test('findings the edit did not move are the same objects; moved ones are moved', async () => {
  const before = api('Lists the things.');
  const { session, result } = await lintSession(before, '/work/kept.json', {});
  assert.ok(session);
  const related = result.diagnostics.filter((d) => d.related?.length && !d.pointer.startsWith('/paths/~1a'));
  assert.ok(related.length >= 2, 'findings with related places outside the edited unit');

  // the same length: nothing after the edit moves
  const same = await relint(session, api('Lists the thinks.'), {});
  assert.ok(same?.first);
  for (const d of related) assert.ok(same.first.diagnostics.includes(d), `${d.ruleId} at ${d.pointer} kept as it was`);

  // a line added inside the first operation: everything after it moves, to new objects, their related places too
  const broken = before.replace('"description": "Lists', '"description":\n          "Lists');
  assert.notEqual(broken, before);
  const longer = await relint(session, broken, {});
  assert.ok(longer?.first, 'a re-lint, not a full lint');
  for (const d of related) {
    const now: Diagnostic | undefined = longer.first.diagnostics.find((x) => x.pointer === d.pointer && x.ruleId === d.ruleId && x.message === d.message);
    assert.ok(now && now !== d);
    assert.equal(now.range.start.line, d.range.start.line + 1);
    assert.equal(now.related![0]!.range.start.line, d.related![0]!.range.start.line + 1);
  }
});
