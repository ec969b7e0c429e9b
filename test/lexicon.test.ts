// The WordNet lookup binary-searches the build's compact table (dist/wordnet-senses.bin, compressed blocks):
// words at its start, its end, in its middle, at the edges of its blocks, with many senses and unknown
// ones; and the table stays compact.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync, statSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { senses, sensesTablePath } from '../rules/lib/lexicon.js';
import { blocksLinePrefix } from '../rules/lib/senses-blocks.js';

test('senses reads WordNet evidence for words anywhere in the index', () => {
  assert.deepEqual(senses('show'), { nounSenses: 4, verbSenses: 12, adjectiveSenses: 0, noun: 27, verb: 405, adjective: 0 });
  assert.deepEqual(senses('status'), { nounSenses: 2, verbSenses: 0, adjectiveSenses: 0, noun: 21, verb: 0, adjective: 0 });
  assert.deepEqual(senses('set'), { nounSenses: 13, verbSenses: 25, adjectiveSenses: 7, noun: 50, verb: 117, adjective: 10 });
  assert.equal(senses('aa').nounSenses, 3); // near the start
  assert.equal(senses('zyrian').nounSenses, 1); // the last line
  assert.equal(senses('zymurgy').nounSenses, 1);
  for (const unknown of ['qqq', 'zzzz', 'aaaaaa']) assert.deepEqual(senses(unknown), { nounSenses: 0, verbSenses: 0, adjectiveSenses: 0, noun: 0, verb: 0, adjective: 0 });
});

const none = { nounSenses: 0, verbSenses: 0, adjectiveSenses: 0, noun: 0, verb: 0, adjective: 0 };

test('every word of every block is found, the first and last of each block too, and words between blocks are unknown', () => {
  const file = readFileSync(sensesTablePath);
  const indexAt = file.indexOf('\n' + blocksLinePrefix) + 1 + blocksLinePrefix.length;
  const indexEnd = file.indexOf('\n', indexAt);
  const index = JSON.parse(file.toString('latin1', indexAt, indexEnd)) as Array<[string, number]>;
  assert.ok(index.length > 100, `${index.length} blocks`);
  let at = indexEnd + 1;
  let words = 0;
  for (const [first, length] of index) {
    const lines = brotliDecompressSync(file.subarray(at, at + length)).toString('latin1').split('\n');
    at += length;
    assert.equal(lines[0]!.split('\t')[0], first);
    for (const line of lines) {
      const [word, counts] = line.split('\t') as [string, string];
      const c = counts.split(' ').map(Number);
      const s = senses(word);
      assert.deepEqual([s.nounSenses, s.verbSenses, s.adjectiveSenses, s.noun, s.verb, s.adjective].slice(0, c.length), c, word);
      words++;
    }
    // unknown words beside the block's edges: they sort just after its first and its last word
    const last = lines[lines.length - 1]!.split('\t')[0]!;
    for (const unknown of [first + 'qzxq', last + 'qzxq']) assert.deepEqual(senses(unknown), none, unknown);
  }
  assert.equal(at, file.length);
  assert.ok(words > 70_000, `${words} words`);
});

test('the word table is compact: it ships instead of the 34 MB WordNet database', () => {
  const size = statSync(sensesTablePath).size;
  assert.ok(size > 200_000 && size < 500_000, `dist/wordnet-senses.bin is ${size} bytes`);
});

test('closed compounds split into the words WordNet knows, judged by their head', async () => {
  const { splitClosedCompound, headOf } = await import('../rules/lib/compound.js');
  assert.deepEqual(splitClosedCompound('permissionsreport'), ['permissions', 'report']);
  assert.deepEqual(splitClosedCompound('tokenreviews'), ['token', 'reviews']);
  assert.equal(headOf('permissionsreport'), 'report');
  assert.equal(splitClosedCompound('report'), undefined); // a known word stays whole
  assert.equal(splitClosedCompound('qqqzzzxxx'), undefined); // unknown parts: no split
});

test('verb evidence is graded, and words WordNet lacks take their base verb', async () => {
  const { verbEvidence } = await import('../rules/lib/verb-lexicon.js');
  const grade = (w: string) => (['strict', 'mostly', 'leaning', 'capable'] as const).filter((s) => verbEvidence(w)[s]);
  assert.deepEqual(grade('get'), ['strict', 'mostly', 'leaning', 'capable']);
  assert.deepEqual(grade('show'), ['mostly', 'leaning', 'capable']);
  assert.deepEqual(grade('check'), ['leaning', 'capable']);
  assert.deepEqual(grade('list'), ['capable']);
  assert.deepEqual(grade('status'), []);
  assert.ok(verbEvidence('unpublish').derived && verbEvidence('unpublish').strict); // from `publish`
  assert.ok(verbEvidence('logout').derived && verbEvidence('logout').capable && !verbEvidence('logout').leaning); // phrasal: `log` + `out`
});
