// Closed compounds (`permissionsreport`, `tokenreviews`, `resourceclaimtemplates`) written without a
// separator are split into the English words WordNet knows, so that a rule can judge them by their
// head word, as CONVENTIONS.md asks (`permissionsreport/{id}` counts by `report`).
import * as plurals from './plurals.js';
import { senses } from './lexicon.js';

const minimumPart = 3;
/**
 * Longer than any closed compound a path holds (`resourceclaimtemplates` has 22 letters): a segment
 * of thousands of letters is a stranger's, and splitting it costs time and memory by its square.
 */
const maximumCompound = 64;
/** Splits by segment: paths repeat their segments. Bounded, as a process may lint without end. */
const memo = new Map<string, string[] | undefined>();
const memoLimit = 10_000;

/** A word WordNet knows, as written or as the singular of a noun (`reviews`, `rules`). */
function known(word: string): boolean {
  if (word.length < minimumPart) return false;
  const s = senses(word);
  if (s.nounSenses + s.verbSenses + s.adjectiveSenses > 0) return true;
  const singular = plurals.singular(word);
  return singular !== word && senses(singular).nounSenses > 0;
}

/**
 * The words of a closed compound that WordNet does not know whole, fewest words first (dynamic
 * programming over split points); undefined when it is no such compound (a known word, or parts unknown).
 */
export function splitClosedCompound(word: string): string[] | undefined {
  if (memo.has(word)) return memo.get(word);
  let result: string[] | undefined;
  if (word.length >= 2 * minimumPart && word.length <= maximumCompound && /^[a-z]+$/.test(word) && !known(word)) {
    const best: Array<string[] | undefined> = [[]];
    for (let end = 1; end <= word.length; end++) {
      for (let start = Math.max(0, end - 24); start <= end - minimumPart; start++) {
        const before = best[start];
        const part = word.slice(start, end);
        if (before && known(part) && (!best[end] || best[end]!.length > before.length + 1)) best[end] = [...before, part];
      }
    }
    const words = best[word.length];
    result = words && words.length > 1 ? words : undefined;
  }
  if (memo.size >= memoLimit) memo.clear();
  memo.set(word, result);
  return result;
}

/** The head (last) word of a word, after splitting it if it is a closed compound. */
export function headOf(word: string): string {
  return splitClosedCompound(word)?.at(-1) ?? word;
}
