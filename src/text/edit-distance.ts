// fastest-levenshtein on first use: only a "did you mean" needs it, and a clean run asks none.
import type * as Levenshtein from 'fastest-levenshtein';
import { lazyPackage } from '../lazy-package.js';

const levenshtein = lazyPackage<typeof Levenshtein>('fastest-levenshtein');

/** The candidate nearest to `word` by edit distance. */
export function closest(word: string, candidates: readonly string[]): string {
  return levenshtein().closest(word, candidates as string[]);
}

/** The edit distance between two words. */
export function distance(a: string, b: string): number {
  return levenshtein().distance(a, b);
}
