// The re-lint's ignore filter searches a text for ignores once (issue 41): after an edit to a text
// that had none, only the edited stretch is searched. An ignore typed by the edit, or one it breaks,
// still counts in the first batch and in the complete set, as in a full lint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../src/pipeline/lint.js';
import { lintSession, relint, type LintSession } from '../src/pipeline/incremental.js';

const uri = '/work/ignores.yaml';
const api = (comment: string) => `swagger: '2.0'
info: {title: Ignores, version: '1.0', description: Ignores.}
paths:
  /a:
    get:
${comment}      description: See <b>this</b>.
      responses:
        '200': {description: OK.}
  /b:
    get:
      description: Also <b>here</b>.
      responses:
        '200': {description: OK.}
`;

/** The re-lint of `text` from `session`, its first batch and complete set each equal to a full lint's. */
async function relintEqual(session: LintSession, text: string): Promise<{ session: LintSession; shown: string[] }> {
  const fresh = (await lintText(text, uri)).diagnostics;
  const edited = await relint(session, text, {});
  assert.ok(edited?.first, 'a re-lint, not a full lint');
  assert.deepEqual(edited.first.diagnostics, fresh, 'first batch');
  const complete = await edited.complete();
  assert.deepEqual(complete.result.diagnostics, fresh, 'complete set');
  assert.ok(complete.session);
  return { session: complete.session, shown: fresh.map((d) => `${d.range.start.line + 1} ${d.ruleId}`) };
}

test('an ignore comment typed into a text that had none hides its finding in the first batch; deleting one brings it back', async () => {
  const { session, result } = await lintSession(api(''), uri, {});
  assert.ok(session);
  assert.deepEqual(result.diagnostics.filter((d) => d.ruleId === 'description-markdown').map((d) => d.range.start.line + 1), [6, 11]);

  const typed = await relintEqual(session, api('      # swaglint-disable-next-line description-markdown\n'));
  assert.deepEqual(typed.shown.filter((s) => s.endsWith('description-markdown')), ['12 description-markdown']);

  // the directive's word half typed: no ignore, the finding is back
  const broken = await relintEqual(typed.session, api('      # swaglint-disable-next-lin description-markdown\n'));
  assert.deepEqual(broken.shown.filter((s) => s.endsWith('description-markdown')), ['7 description-markdown', '12 description-markdown']);

  // and completed again
  const again = await relintEqual(broken.session, api('      # swaglint-disable-next-line description-markdown\n'));
  assert.deepEqual(again.shown.filter((s) => s.endsWith('description-markdown')), ['12 description-markdown']);
});

test("an edit that joins 'swaglint-' across its start counts: the text searched begins before the edit", async () => {
  const { session } = await lintSession(api('      # swaglint disable-next-line description-markdown\n'), uri, {});
  assert.ok(session);
  const joined = await relintEqual(session, api('      # swaglint-disable-next-line description-markdown\n'));
  assert.deepEqual(joined.shown.filter((s) => s.endsWith('description-markdown')), ['12 description-markdown']);
});
