// The map from a description's decoded characters back to the file, for every scalar style: each
// style's decoding must reproduce the parsed value exactly, and each character that the file spells
// as itself must map to that very character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { parseSource, type Source } from '../src/load/source.js';
import { scalarOffsets, type ScalarOffsets } from '../src/load/scalar-offsets.js';

function sourceOf(text: string, uri = '/virtual/t.yaml'): Source {
  const parsed = parseSource(text, uri);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.source;
}

/** Offsets for `/d`, checked: characters spelled as themselves map to themselves. */
function check(text: string, uri?: string): { value: string; offsets: ScalarOffsets } {
  const source = sourceOf(text, uri);
  const value = (source.value as { d: string }).d;
  assert.equal(typeof value, 'string');
  const offsets = scalarOffsets(source, ['d'], value);
  assert.ok(offsets, `no offsets for ${JSON.stringify(text)} (value ${JSON.stringify(value)})`);
  assert.equal(offsets.length, value.length);
  // a final newline the text does not end with is placed at the end of the text
  for (let i = 0; i < value.length; i++) assert.ok(offsets.at(i) >= 0 && offsets.at(i) <= source.text.length, `offset ${i} outside the text`);
  assert.throws(() => offsets.at(value.length), RangeError);
  for (let i = 0; i < value.length; i++) {
    if (/[A-Za-z0-9[\]()<>|~!]/.test(value[i]!) && source.text[offsets.at(i)] !== '\\') {
      assert.equal(source.text[offsets.at(i)], value[i], `char ${i} of ${JSON.stringify(value)} in ${JSON.stringify(text)}`);
    }
  }
  return { value, offsets };
}

/** The 0-based line:column in `text` of the character at `index` of the value. */
function where(text: string, offsets: ScalarOffsets, index: number): string {
  const before = text.slice(0, offsets.at(index));
  const line = before.split('\n').length - 1;
  return `${line}:${offsets.at(index) - (before.lastIndexOf('\n') + 1)}`;
}

const styles: Array<[string, string]> = [
  ['plain', 'd: one two\n'],
  ['plain, folded over lines', 'd: one\n  two\n\n  three [x](y)\nz: 1\n'],
  ['plain, with a comment after', 'd: one [x](y) # a comment\n'],
  ['single-quoted', "d: 'it''s [x](y)'\n"],
  ['single-quoted, folded', "d: 'one\n  two\n\n  [x](y)'\n"],
  ['double-quoted escapes', 'd: "a\\tb \\"q\\" \\u00e9\\x41 \\U0001F600 [x](y)\\n> q"\n'],
  ['double-quoted, escaped line break', 'd: "one \\\n  two [x](y)"\n'],
  ['double-quoted, folded', 'd: "one\n  two\n\n  [x](y)"\n'],
  ['literal', 'd: |\n  one\n    indented\n\n  [x](y)\nz: 1\n'],
  ['literal, keep', 'd: |+\n  one\n\n\nz: 1\n'],
  ['literal, strip', 'd: |-\n  one\n  two\n\nz: 1\n'],
  ['literal, indentation indicator', 'd: |2\n    indented\n  [x](y)\nz: 1\n'],
  ['literal, indicator and chomping', 'k:\n  d: |-1\n     x\n    [x](y)\n'],
  ['literal at the end of the text', 'd: |\n  one\n  [x](y)'],
  ['literal with a header comment', 'd: | # why\n  [x](y)\n'],
  ['literal with CR LF', 'd: |\r\n  one\r\n  [x](y)\r\n'],
  ['folded', 'd: >\n  one\n  two\n\n  three\n    more\n  [x](y)\nz: 1\n'],
  ['folded, strip', 'd: >-\n  one\n  two [x](y)\n'],
  ['folded, keep', 'd: >+\n  one\n\n'],
  ['with a tag and an anchor', 'd: !!str &a |\n  [x](y)\n'],
  ['in a flow mapping', '{d: "a [x](y)", z: 1}\n'],
];

for (const [name, text] of styles) {
  test(`scalar offsets: ${name}`, () => {
    const k = text.startsWith('k:') ? sourceOf(text) : undefined;
    if (k) {
      const value = ((k.value as { k: { d: string } }).k).d;
      const offsets = scalarOffsets(k, ['k', 'd'], value);
      assert.ok(offsets);
      assert.equal(k.text[offsets.at(value.indexOf('['))], '[');
      return;
    }
    const { value, offsets } = check(text);
    const link = value.indexOf('[x](y)');
    if (link !== -1) assert.equal(text.slice(offsets.at(link), offsets.at(link) + 6), '[x](y)');
  });
}

test('scalar offsets: positions through folding and escapes', () => {
  const folded = 'd: >\n  one\n  two\n\n  three [x](y)\n';
  const f = check(folded);
  assert.equal(f.value, 'one two\nthree [x](y)\n');
  assert.equal(where(folded, f.offsets, f.value.indexOf('[')), '4:8');
  const dq = 'd: "\\u00e9\\"\\t<b>"\n';
  const d = check(dq);
  assert.equal(d.value, 'é"\t<b>');
  assert.equal(where(dq, d.offsets, 0), '0:4'); // the escape's backslash
  assert.equal(where(dq, d.offsets, 3), '0:14');
});

test('scalar offsets: JSON strings with escapes', () => {
  const text = '{"d": "a\\nb \\"q\\" \\u00e9\\ud83d\\ude00 \\/ [x](y)"}';
  const { value, offsets } = check(text, '/virtual/t.json');
  assert.equal(value, 'a\nb "q" é😀 / [x](y)');
  assert.equal(text.slice(offsets.at(value.indexOf('[')), offsets.at(value.indexOf('[')) + 6), '[x](y)');
  assert.equal(text.slice(offsets.at(1), offsets.at(1) + 2), '\\n');
});

test('scalar offsets: a value that does not come from the scalar gives none', () => {
  const source = sourceOf('a: &x "[x](y)"\nd: *x\n');
  assert.equal(scalarOffsets(source, ['d'], '[x](y)'), undefined);
  const merged = sourceOf('base: &b {d: "[x](y)"}\nm:\n  <<: *b\n');
  assert.equal(scalarOffsets(merged, ['m', 'd'], '[x](y)'), undefined);
});

// Random text dumped by js-yaml in each style it writes, read back by swaglint's parser.
const char = fc.constantFrom(...'ab [](){}<>|~!#:-*\'"\\\t \n\n\né😀'.split(''), 'x', 'y', '  ', '\n  ');
const texts = fc.array(char, { minLength: 1, maxLength: 60 }).map((a) => a.join(''));
const dumpOptions: yaml.DumpOptions[] = [
  {},
  { lineWidth: 12 },
  { forceQuotes: true, quotingType: '"' },
  { forceQuotes: true, quotingType: "'", lineWidth: 10 },
];

test('scalar offsets: random text in every style js-yaml writes', () => {
  fc.assert(
    fc.property(texts, fc.constantFrom(...dumpOptions), (value, options) => {
      const text = yaml.dump({ d: value, z: 1 }, options);
      const source = sourceOf(text);
      if ((source.value as { d: unknown }).d !== value) return; // not a round trip: not ours to judge
      check(text);
    }),
    { numRuns: 1500, seed: 4 },
  );
});

test('scalar offsets: random text in JSON', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
      check(JSON.stringify({ d: value }), '/virtual/t.json');
    }),
    { numRuns: 500, seed: 4 },
  );
});
