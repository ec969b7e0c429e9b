// The editor's re-lint (src/pipeline/incremental.ts) ends where a full lint ends: after each of a few
// hundred random edits (one character mostly, inside descriptions and anywhere; a few of several
// characters), the complete set of a re-lint that started from the last one's session equals a fresh
// lintText's, finding by finding. Edits that break the document or leave one unit are full lints
// there; the test also checks that most edits took the re-lint's way, so it compares something.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintText } from '../src/pipeline/lint.js';
import { lintSession, relint, type LintSession } from '../src/pipeline/incremental.js';
import { projectDir } from './helpers/paths.js';
import { corpusDir, needsShared } from './helpers/shared-dir.js';
import { seededRandom } from './helpers/seeded-random.js';

const typed = ['[', ']', '(', ')', '<', '>', '|', '-', '~', '!', '`', '*', ':', '@', 'a', 'x', ' ', '\n', '"', '\\', '{', '}', ',', '0', 'é'];
const words = [' and more', '[a link](http://x.test)', '', '\n  ', '"', 'x-y'];

interface Tally {
  edits: number;
  relinted: number;
  findings: number;
  firstEqual: number;
}

/** The next text: one character typed, a few deleted, or a word inserted, mostly inside descriptions. */
function editOf(text: string, next: () => number, descriptions: readonly number[]): string {
  const inDescription = descriptions.length > 0 && next() < 0.65;
  const base = inDescription ? descriptions[Math.floor(next() * descriptions.length)]! + Math.floor(next() * 30) : Math.floor(next() * text.length);
  const at = Math.min(base, text.length - 1);
  const kind = next();
  if (kind < 0.85) return text.slice(0, at) + typed[Math.floor(next() * typed.length)]! + text.slice(at + 1);
  if (kind < 0.92) return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 8));
  return text.slice(0, at) + words[Math.floor(next() * words.length)]! + text.slice(at);
}

async function editAndCompare(file: string, edits: number, seed: number, tally: Tally): Promise<void> {
  const next = seededRandom(seed);
  const original = readFileSync(file, 'utf8');
  let text = original;
  const descriptions = [...text.matchAll(/["']?description["']?\s*:\s*["'|>]?/g)].map((m) => m.index + m[0].length);
  let session: LintSession | undefined = (await lintSession(text, file, {})).session;
  // the last text a re-lint can start from: an edit that broke the document is taken back after its
  // comparison, as a user would, so that one stray quote does not make every later edit a full lint
  let good = { text, session };
  for (let i = 0; i < edits; i++) {
    // every so often back to the original, so that the edits do not pile up into noise
    text = i % 15 === 14 ? original : editOf(text, next, descriptions);
    const edited = session ? await relint(session, text, {}) : undefined;
    const linted = edited ? await edited.complete() : await lintSession(text, file, {});
    const fresh = await lintText(text, file);
    assert.deepEqual(linted.result.diagnostics, fresh.diagnostics, `${path.basename(file)}, edit ${i + 1} (${edited ? 're-lint' : 'full lint'})`);
    session = linted.session;
    if (session) good = { text, session };
    else ({ text, session } = good);
    tally.edits++;
    if (edited) tally.relinted++;
    if (edited?.first && JSON.stringify(edited.first.diagnostics) === JSON.stringify(fresh.diagnostics)) tally.firstEqual++;
    tally.findings += fresh.diagnostics.length;
  }
}

function report(tally: Tally, t: TestContext): void {
  assert.ok(tally.findings > 0, 'the edited documents have findings to compare');
  // most edits leave a document that parses, and stay inside one unit: the re-lint's own way was taken
  assert.ok(tally.relinted > tally.edits / 4, `only ${tally.relinted} of ${tally.edits} edits were re-lints`);
  t.diagnostic(`${tally.edits} edits, ${tally.relinted} re-lints (the others full lints), ${tally.firstEqual} of whose first batch was already the complete set; ${tally.findings} findings compared`);
}

test('an edit\'s re-lint ends with a full lint\'s findings (the repository\'s documents)', async (t) => {
  const tally: Tally = { edits: 0, relinted: 0, findings: 0, firstEqual: 0 };
  const files = [
    'fixtures/openapi3-corpus/mermade/3.0/fail/event-backend/openapi2.json',
    'fixtures/openapi3-corpus/mermade/3.0/fail/apimatic-converted-petstore.json',
    'fixtures/openapi3-corpus/mermade/3.0/pass/swagger2openapi/openapi.json',
    'fixtures/rules/description-markdown/json-strings.json',
    'fixtures/rules/description-markdown/oas3.1-places.yaml',
  ];
  for (const [k, name] of files.entries()) await editAndCompare(path.join(projectDir, name), 45, 101 + k, tally);
  report(tally, t);
});

test('an edit\'s re-lint ends with a full lint\'s findings (corpus documents)', { skip: needsShared() }, async (t) => {
  const tally: Tally = { edits: 0, relinted: 0, findings: 0, firstEqual: 0 };
  const files = ['docusign/click.rest.swagger-v2.json', 'docusign/click.rest.swagger-v1.json', 'docusign/admin.rest.swagger-v2.1.json'];
  for (const [k, name] of files.entries()) await editAndCompare(path.join(corpusDir, name), 40, 201 + k, tally);
  report(tally, t);
});
