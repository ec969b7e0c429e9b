// The WordNet lookup binary-searches index.sense on disk: words at its start, its end, in its middle,
// with many senses (more than one read's worth) and unknown ones.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { senses } from '../rules/lib/lexicon.js';

test('senses reads WordNet evidence for words anywhere in the index', () => {
  assert.deepEqual(senses('show'), { nounSenses: 4, verbSenses: 12, adjectiveSenses: 0, noun: 27, verb: 405, adjective: 0 });
  assert.deepEqual(senses('status'), { nounSenses: 2, verbSenses: 0, adjectiveSenses: 0, noun: 21, verb: 0, adjective: 0 });
  assert.deepEqual(senses('set'), { nounSenses: 13, verbSenses: 25, adjectiveSenses: 7, noun: 50, verb: 117, adjective: 10 });
  assert.equal(senses('aa').nounSenses, 3); // near the start
  assert.equal(senses('zyrian').nounSenses, 1); // the last line
  assert.equal(senses('zymurgy').nounSenses, 1);
  for (const unknown of ['qqq', 'zzzz', 'aaaaaa']) assert.deepEqual(senses(unknown), { nounSenses: 0, verbSenses: 0, adjectiveSenses: 0, noun: 0, verb: 0, adjective: 0 });
});
