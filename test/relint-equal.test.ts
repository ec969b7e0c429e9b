// What a process that has linted before finds (an editor's language server, re-linting on every
// keystroke, with the parses it kept: src/markdown/constructs.ts) equals what a fresh lint finds, on a
// few hundred random one-character edits: mostly inside descriptions, with characters that make or
// break Markdown constructs, some anywhere in the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintText } from '../src/index.js';
import { forgetParsedTexts } from '../src/markdown/constructs.js';
import { projectDir } from './helpers/paths.js';
import { corpusDir, needsShared } from './helpers/shared-dir.js';
import { seededRandom } from './helpers/seeded-random.js';


const typed = ['[', ']', '(', ')', '<', '>', '|', '-', '~', '!', '`', '*', ':', '@', 'a', 'x', ' ', '\n'];

/** `edits` one-character edits of `file`, each linted warm (after the ones before) and fresh. */
async function editAndCompare(file: string, edits: number, seed: number): Promise<number> {
  const next = seededRandom(seed);
  let text = readFileSync(file, 'utf8');
  const descriptions = [...text.matchAll(/["']?description["']?\s*:\s*["'|>]?/g)].map((m) => m.index + m[0].length);
  await lintText(text, file);
  let compared = 0;
  for (let i = 0; i < edits; i++) {
    const inDescription = descriptions.length > 0 && next() < 0.8;
    const base = inDescription ? descriptions[Math.floor(next() * descriptions.length)]! + Math.floor(next() * 40) : Math.floor(next() * text.length);
    const at = Math.min(base, text.length - 1);
    text = text.slice(0, at) + typed[Math.floor(next() * typed.length)]! + text.slice(at + 1);
    const warm = await lintText(text, file);
    forgetParsedTexts();
    const fresh = await lintText(text, file);
    assert.deepEqual(warm.diagnostics, fresh.diagnostics, `${path.basename(file)}, edit ${i + 1} at offset ${at}`);
    compared += warm.diagnostics.length;
  }
  return compared;
}

test('re-linting after edits finds what a fresh lint finds (the repository\'s Markdown fixtures)', async () => {
  const dir = path.join(projectDir, 'fixtures', 'rules', 'description-markdown');
  let findings = 0;
  for (const [k, name] of ['json-strings.json', 'literal.yaml', 'oas3.1-places.yaml'].entries()) findings += await editAndCompare(path.join(dir, name), 60, 41 + k);
  assert.ok(findings > 0, 'the edited documents have findings to compare');
});

test('re-linting after edits finds what a fresh lint finds (corpus documents)', { skip: needsShared() }, async () => {
  let findings = 0;
  for (const [k, name] of ['docusign/click.rest.swagger-v1.json', 'docusign/click.rest.swagger-v2.json'].entries()) findings += await editAndCompare(path.join(corpusDir, name), 60, 7 + k);
  assert.ok(findings > 0, 'the edited documents have findings to compare');
});
