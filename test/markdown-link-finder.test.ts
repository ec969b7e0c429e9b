// The link finder without markdown-it (src/markdown/link-finder.ts) answers only for the Markdown it
// follows, and there its answer must be the parse's to the offset: checked on generated texts made of
// the pieces links, images, code spans, definitions and the blocks around them turn on, on the
// repository's documents and, beside the checkout, on every description of the corpus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { findLinksExactly } from '../src/markdown/link-finder.js';
import { mayHoldConstruct, parseConstructs } from '../src/markdown/constructs.js';
import { corpusDir, needsShared } from './helpers/shared-dir.js';
import { projectDir } from './helpers/paths.js';
import { seededRandom } from './helpers/seeded-random.js';

const pieces = [
  'a', 'word ', ' ', '  ', '   ', '    ', '\n', '\n', '\n\n', '\n  ', '\n    ',
  '[', ']', '[', ']', '(', ')', '](', '][', ']:', ']: ', '[x]', '[X]', '[x](y)', '[x][]', '[x][y]', '![', '! ', '!',
  '[x]: /u', '\n[x]: /u\n', '\n[y]: /v "t"\n', '[ x ]: /u\n', '[x]:\n/u', '\n[x]: javascript:a\n', ']\n(', '(\n', '"t"', "'t'", '(t)', ' "t")',
  '`', '``', '```', '```\n', '\n```\n', '\n~~~\n', '\n```js\n', '~', '*', '**', '_',
  '- ', '\n- ', '\n* ', '\n+ ', '\n1. ', '\n2) ', '\n  - ', '\n    - ', '\n10. ', '-', '\n-\n', '1.',
  '# ', '\n# ', '\n## ', '\n    # ', '#', '\n#\n',
  'http://e.com', '/u/(v)', '(a(b)c)', ':', '"', "'",
  '\\', '\\[', '\\]', '\\`', '\\(', '\\ ', '\\\n', '<', '<a>', '`<b>`', '<|x|>', ' < ', '<x@y.z>', '<http:x>', '<1>', '&amp;', '&#91;', '\t', '\n\t',
];

function generated(next: () => number): string {
  let text = '';
  const n = 1 + Math.floor(next() * 28);
  for (let k = 0; k < n; k++) text += pieces[Math.floor(next() * pieces.length)];
  return text;
}

/** Compares the finder with the parse on `texts`; returns how many it answered. */
function compare(texts: Iterable<string>): { answered: number; total: number } {
  let answered = 0;
  let total = 0;
  for (const text of texts) {
    total++;
    const fast = findLinksExactly(text);
    if (fast === undefined) continue;
    answered++;
    assert.deepEqual(fast, parseConstructs(text), `the finder differs from the parse on ${JSON.stringify(text)}`);
  }
  return { answered, total };
}

test('the finder agrees with markdown-it on samples of each thing it follows', () => {
  const samples = [
    'See [the guide](https://example.com/guide) first.',
    'See ![the flow](flow.png) here.',
    'See [the guide][g].\n\n[g]: https://example.com',
    '[g]: /x\n[h]: /y\n\nBoth [g] and [H][] and [text][h].',
    'Calls [`newAccountRequest`][newAccountRequest]\nobject.\n\n[newAccountRequest]: /docs/x',
    '# Heading with [a link](/x)\n\nText.',
    '- one [a](/b)\n- two [c](/d)\n  continued [e](/f)',
    '1. first\n2. second [x](/y)',
    'Example:\n\n```\n{ "a": "[b](c)" }\n```\n\nAfter [d](/e).',
    '[a [b](c) d](e)',
    '[![img](/i.png)](/target)',
    'code `[a](b)` and [c](d "title")',
    '[a](\n/b\n"t"\n)',
    'Not a link [a] (b), nor [a]',
  ];
  for (const text of samples) {
    assert.ok(mayHoldConstruct(text) || parseConstructs(text).length === 0);
    const fast = findLinksExactly(text);
    assert.notEqual(fast, undefined, `the finder answers for ${JSON.stringify(text)}`);
    assert.deepEqual(fast, parseConstructs(text), JSON.stringify(text));
  }
  // and leaves to the parse what it does not follow
  for (const text of ['<b>x</b>', 'a <b>[b](c)</b>', '> quote [a](b)', 'a | b\n--|--\nc | d', 'x\n\n    code [a](b)', '~~x~~', 'a\n===']) {
    assert.equal(findLinksExactly(text), undefined, JSON.stringify(text));
  }
});

test('the finder agrees with markdown-it on 30,000 generated texts', () => {
  const next = seededRandom(4141);
  const texts: string[] = [];
  for (let i = 0; i < 30_000; i++) texts.push(generated(next));
  const { answered, total } = compare(texts);
  // a good part of the generated texts is in the subset, and many of those hold links
  assert.ok(answered > total / 5, `${answered} of ${total} answered`);
  const withLinks = texts.filter((t) => {
    const f = findLinksExactly(t);
    return f !== undefined && f.length > 0;
  }).length;
  assert.ok(withLinks > 400, `${withLinks} answered texts hold a link or image`);
});

/** Every `description` string in a parsed document. */
function descriptions(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) descriptions(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'description' && typeof v === 'string') into.add(v);
      else descriptions(v, into);
    }
  }
  return into;
}

/** The documents under `dir`, but the fuzzing ones (alias bombs and the like, which take js-yaml minutes). */
function documentsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name) && !e.parentPath.split(path.sep).includes('fuzz'))
    .map((e) => path.join(e.parentPath, e.name));
}

function descriptionsOf(files: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const file of files) {
    let value: unknown;
    try {
      const text = readFileSync(file, 'utf8');
      value = file.endsWith('.json') ? JSON.parse(text) : yaml.load(text, { schema: yaml.CORE_SCHEMA });
    } catch {
      continue; // the corpus holds broken documents on purpose
    }
    descriptions(value, all);
  }
  return all;
}

test('the finder agrees with markdown-it on every description of the repository\'s fixtures', () => {
  const texts = [...descriptionsOf(documentsUnder(path.join(projectDir, 'fixtures')))].filter(mayHoldConstruct);
  const { answered } = compare(texts);
  assert.ok(answered > 0, `${answered} of ${texts.length} answered`);
});

test('the finder agrees with markdown-it on every description of the corpus', { skip: needsShared() }, () => {
  const texts = [...descriptionsOf(documentsUnder(corpusDir))].filter(mayHoldConstruct);
  const { answered, total } = compare(texts);
  assert.ok(answered > total / 3, `${answered} of ${total} answered`);
});
