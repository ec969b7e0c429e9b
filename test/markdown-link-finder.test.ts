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
  '\n*\t', '\n1.\t', '\n     - ', '\n  ```\n', '\n   ```', '\n     ~~~\n',
  '# ', '\n# ', '\n## ', '\n    # ', '#', '\n#\n',
  'http://e.com', '/u/(v)', '(a(b)c)', ':', '"', "'",
  '\\', '\\[', '\\]', '\\`', '\\(', '\\ ', '\\\n', '<', '<a>', '`<b>`', '<|x|>', ' < ', '<x@y.z>', '<http:x>', '<1>', '&amp;', '&#91;', '\t', '\n\t',
];

/** The pieces tables, HTML (blocks and tags), autolinks, indented code, tabs and CR LF turn on, with some of the above. */
const blockPieces = [
  'a', 'word ', ' ', '  ', '    ', '\n', '\n', '\n', '\n\n', '\n  ', '\n    ', '\t', '\r\n', '\r', '\u00a0',
  '|', '|', ' | ', '||', '\\|', '\n|---|---|\n', '\n--|--\n', '\n-|-', '\n:-:|-:\n', '\n| - | :- |', '\n|-\n', '| a | b |', '\n| a |\n', '-', ':', '---', '\n---\n', '\n***\n',
  '[x](y)', '[x]', '\n[x]: /u\n', '[x]:\t/u\n', '[', ']', '](', ')', '![i](j)', '`', '``', '\n```\n', '\n  ```\n', '~~',
  '<br>', '<br/>', '</b>', '<b>', '<a href="]">', '<a href=\'x\'>', '<core parameters>', '<x@y.z>', '<http:x>', '<http://e.com/a b>', '<1>', ' < ', '<!-- c -->', '<?p?>', '<!x>', '<', '>',
  '\n<div>\n', '\n<div>', '\n<p>x</p>\n', '\n  <table>', '\n<!--\n', '-->', '\n<!-- c -->\n', '\n<script>\n', '</script>', '\n<span>\n', '\n<span>', '\n</a>\n', '\n<?x\n', '?>', '\n<!X\n', '\n<![CDATA[\n', ']]>',
  '\n- ', '\n* ', '\n1. ', '\n2. ', '\n3) ', '\n  - ', '\n10. ', '\n# ', '#', '\n> ', '\\', '\\[', '\\<', '&lt;',
];

/** What a table's cells are made of: inline pieces, tabs and escaped pipes, no line ends. */
const cellPieces = blockPieces.filter((p) => !/[\r\n]/.test(p));

/** Text around a table: a header row, a delimiter row of (mostly) as many columns, some body rows. */
function tabled(next: () => number): string {
  const pick = (from: readonly string[]) => from[Math.floor(next() * from.length)]!;
  const columns = 1 + Math.floor(next() * 3);
  const row = (n: number) => {
    const cells = Array.from({ length: n }, () => generated(next, cellPieces, 4));
    return pick(['', ' ', '|', '| ', '   ']) + cells.join(pick(['|', ' | ', '\t|'])) + pick(['', '|', ' |', ' ']);
  };
  const delimiter = Array.from({ length: next() < 0.9 ? columns : columns + 1 }, () => pick(['---', ':-', '-:', ':--:', ' - ', '-'])).join('|');
  let text = generated(next, blockPieces, 6) + pick(['\n', '\n\n', '\r\n', '\n- x\n']) + row(columns) + pick(['\n', '\r\n']) + pick(['', '|', ' ', '    ']) + delimiter + pick(['', '|', ' ']);
  for (let k = Math.floor(next() * 4); k > 0; k--) text += pick(['\n', '\r\n']) + row(Math.floor(next() * (columns + 2)));
  return text + generated(next, blockPieces, 6);
}

function generated(next: () => number, from: readonly string[] = pieces, most = 28): string {
  let text = '';
  const n = 1 + Math.floor(next() * most);
  for (let k = 0; k < n; k++) text += from[Math.floor(next() * from.length)];
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
    '| Code | Meaning |\r\n| --- | :-: |\r\n| `E1` | See [the guide](/g) |\r\n| E2 | a \\| b [c](d) |\r\n\r\nAfter [e](f).',
    'Intro [a](b)\n| x | y |\n|---|---|\n| [c](d) | <br> |\n- item [e](f)',
    'Text<br>\nmore <b>bold</b> and <https://example.com> and <me@example.com>.',
    '<div>\n[not](a link)\n</div>\n\n<!-- a\n\n[nor](this) -->\nAfter [g](h).',
    'Example:\n\n    code [a](b)\n\n<core parameters>\n[c](d)',
    '1. [Create a lock][lock] first.\n2. Then `use` it.\n\n[lock]:\t\t/docs/lock',
    '* Each `label`\n  and more.\n\n  ```\n  "tabs": [x](y)\n  ```\n* Next [a](b)\n\n*\t`view`<br>\n  text [c](d)',
    '  3. Pass `this`:\n     - The `Set-Cookie` header\n     - The [other](x) one\n\n    ```json\n    [no](link)\n    ```',
  ];
  for (const text of samples) {
    assert.ok(mayHoldConstruct(text) || parseConstructs(text).length === 0);
    const fast = findLinksExactly(text);
    assert.notEqual(fast, undefined, `the finder answers for ${JSON.stringify(text)}`);
    assert.deepEqual(fast, parseConstructs(text), JSON.stringify(text));
  }
  // and leaves to the parse what it does not follow
  for (const text of ['> quote [a](b)', '~~x~~', 'a\n===', '- item\n\n  | a | b |\n  |---|---|', '- item\n\n  <div>', 'a <!-- b --> [c](d)', '- item\n\n  <!-- c -->\n[d](e)', '3) a\n\n    </b>', '1. a\n\n2. b | c\n--|--']) {
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

test('the finder agrees with markdown-it on 30,000 generated texts with tables, HTML, code, tabs and CR LF', () => {
  const next = seededRandom(4142);
  const texts: string[] = [];
  for (let i = 0; i < 30_000; i++) texts.push(i % 2 ? tabled(next) : generated(next, blockPieces, 20));
  const { answered, total } = compare(texts);
  assert.ok(answered > total / 5, `${answered} of ${total} answered`);
  const kinds = new Map<string, number>();
  for (const t of texts) for (const c of findLinksExactly(t) ?? []) kinds.set(c.name, (kinds.get(c.name) ?? 0) + 1);
  // each new kind is found, and compared, in many texts
  for (const name of ['table', 'raw HTML block', 'raw HTML tag', 'autolink', 'link', 'image']) {
    assert.ok((kinds.get(name) ?? 0) > 200, `${kinds.get(name) ?? 0} answered ${name}s`);
  }
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
