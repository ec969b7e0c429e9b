// Closed names split into their words when a verb opens them (word-split.ts), and only then: the
// dictionary's split is not tried for a name no prefix of which is such a verb (issue 41's cold runs),
// which must leave every answer as it was (`bench/findings.mjs --check` holds them on the corpus).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitRunTogether } from '../rules/lib/word-split.js';

test('a closed name opened by a verb is split into its words', () => {
  assert.deepEqual(splitRunTogether('unlockwallet'), ['unlock', 'wallet']);
  assert.deepEqual(splitRunTogether('unlockkey'), ['unlock', 'key']);
  assert.deepEqual(splitRunTogether('getrecoveryinfo'), ['get', 'recovery', 'info']);
  assert.deepEqual(splitRunTogether('removetx'), ['remove', 'tx']);
});

test('among the splits of fewest words, the one a verb opens is taken (round ten)', () => {
  // the dictionary's first split of `testall` in two words is tes+tall; the name opens with its verb
  assert.deepEqual(splitRunTogether('testall'), ['test', 'all']);
  assert.deepEqual(splitRunTogether('checkall'), ['check', 'all']);
});

test('a known word, an inflection, a plural or a name no verb opens is left whole', () => {
  for (const word of ['download', 'viewed', 'readme', 'addons', 'signout', 'clusterrolebindings', 'persistentvolumeclaims', 'validatingwebhookconfigurations', 'certificatesigningrequests']) {
    assert.equal(splitRunTogether(word), undefined, word);
  }
});

test('every split opens with a proper prefix of the name', () => {
  for (const word of ['unlockwallet', 'unlockkey', 'getrecoveryinfo', 'removetx']) {
    const parts = splitRunTogether(word);
    assert.ok(parts, word);
    assert.equal(parts.join(''), word);
    assert.ok(parts[0]!.length < word.length, word);
  }
});
