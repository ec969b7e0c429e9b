// The WordNet lookup binary-searches the build's compact table (dist/wordnet-senses.tsv), read whole: words
// at its start, its end, in its middle, with many senses and unknown ones; and the table stays compact.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statSync } from 'node:fs';
import { senses, sensesTablePath } from '../rules/lib/lexicon.js';

test('senses reads WordNet evidence for words anywhere in the index', () => {
  assert.deepEqual(senses('show'), { nounSenses: 4, verbSenses: 12, adjectiveSenses: 0, noun: 27, verb: 405, adjective: 0 });
  assert.deepEqual(senses('status'), { nounSenses: 2, verbSenses: 0, adjectiveSenses: 0, noun: 21, verb: 0, adjective: 0 });
  assert.deepEqual(senses('set'), { nounSenses: 13, verbSenses: 25, adjectiveSenses: 7, noun: 50, verb: 117, adjective: 10 });
  assert.equal(senses('aa').nounSenses, 3); // near the start
  assert.equal(senses('zyrian').nounSenses, 1); // the last line
  assert.equal(senses('zymurgy').nounSenses, 1);
  for (const unknown of ['qqq', 'zzzz', 'aaaaaa']) assert.deepEqual(senses(unknown), { nounSenses: 0, verbSenses: 0, adjectiveSenses: 0, noun: 0, verb: 0, adjective: 0 });
});

test('the word table is compact: it ships instead of the 34 MB WordNet database', () => {
  const size = statSync(sensesTablePath).size;
  assert.ok(size > 500_000 && size < 2_500_000, `dist/wordnet-senses.tsv is ${size} bytes`);
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
