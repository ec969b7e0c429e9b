// The Markdown prefilter (`mayHoldConstruct`) decides which descriptions are parsed at all: a text it
// rejects must hold no construct when parsed. Checked on every construct the rule names, and on
// thousands of texts made of the pieces each construct's rules turn on (markers at line starts, list
// markers, pipes and delimiter rows, brackets, angle brackets, tildes, escapes, line endings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findConstructs, mayHoldConstruct, parseConstructs } from '../src/markdown/constructs.js';
import { seededRandom } from './helpers/seeded-random.js';

const pieces = [
  'a', 'word ', ' ', '  ', '    ', '\t', '\n', '\n\n', '\r\n', '\r', '\u00a0', '\0',
  '- ', '* ', '+ ', '1. ', '2) ', '-', '*', '+', '1.', '#', '# ',
  '>', '> ', '>>', '->', '=>', 'a > b',
  '|', ' | ', '||', '---', '--', ':--', '--:', ':-:', ':', '-|-', '| --- |',
  '[', ']', '(', ')', '](', ']:', '[x]', '[x](y)', '![', '[x]: /u', ']\n(',
  '<', '< ', '<a', '<a>', '</b>', '<br/>', '<!--', '-->', '<?', '<!X', '<![CDATA[', '<http://e.com>', '<1', '<=',
  '@', 'x@y.z', '<x@y.z>', '<x.y@z>',
  '~', '~~', '~~~', '`', '```', '\\', '\\<', '\\[', '&lt;', '&#60;', '_', '**',
];


test('every construct the rule reports passes the prefilter', () => {
  const samples = [
    '| name | meaning |\n|---|---|\n| id | the order |',
    'a | b\n-|-\nc | d',
    '  - x | y\n    --|--',
    'See ![the flow](flow.png) here.',
    'See [the guide](https://example.com/guide) first.',
    'See [the guide][g].\n\n[g]: https://example.com',
    'See [g].\n\n[g]: <https://example.com>',
    'See <https://example.com/guide> first.',
    'Mail <orders@example.com>.',
    'Orders are final<br>once paid.',
    '<div>\nblock\n</div>',
    '<!-- note -->',
    '> Deprecated endpoints are marked.',
    '- > quoted in a list',
    '1. > quoted in an ordered list',
    '   > indented quote',
    'line\r> quote after a CR',
    'This is ~~gone~~ now.',
  ];
  for (const text of samples) {
    assert.ok(parseConstructs(text).length > 0, `the sample holds a construct: ${JSON.stringify(text)}`);
    assert.ok(mayHoldConstruct(text), `passes: ${JSON.stringify(text)}`);
    assert.deepEqual(findConstructs(text), parseConstructs(text));
    // the second time from the process's kept parses: the same constructs
    assert.deepEqual(findConstructs(text), parseConstructs(text));
  }
});

test('a text the prefilter rejects holds no construct (20,000 generated texts)', () => {
  const next = seededRandom(41);
  let rejected = 0;
  let held = 0;
  for (let i = 0; i < 20_000; i++) {
    let text = '';
    const n = 1 + Math.floor(next() * 24);
    for (let k = 0; k < n; k++) text += pieces[Math.floor(next() * pieces.length)];
    const found = parseConstructs(text);
    if (found.length > 0) held++;
    if (mayHoldConstruct(text)) continue;
    rejected++;
    assert.deepEqual(found, [], `rejected, yet it holds ${found.map((c) => c.name).join(', ')}: ${JSON.stringify(text)}`);
  }
  // both sides were exercised: texts rejected unparsed, and texts with constructs let through
  assert.ok(rejected > 2000, `${rejected} texts rejected`);
  assert.ok(held > 2000, `${held} texts held a construct`);
});

test('plain prose with arrows, comparisons, lone brackets and tildes is not parsed', () => {
  for (const text of ['Returns a list of items [deprecated].', 'a -> b, x >= 3, y < 4', 'about ~5 minutes', 'A | B means either.', 'see array[0]']) {
    assert.equal(mayHoldConstruct(text), false, JSON.stringify(text));
    assert.deepEqual(parseConstructs(text), []);
  }
});
