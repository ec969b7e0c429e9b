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

/** Whether one insertion, deletion, substitution or swap of neighbours turns `a` into `b` (Damerau-Levenshtein 1). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // a substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // a swap
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A name with case, `_` and `-` taken out: `min_items`, `MinItems` and `min-items` are one spelling, `minitems`. */
export function folded(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/**
 * The candidate `written` is a slip of: the same name in another case or with `_` or `-`, else one a
 * single edit away (a letter added, dropped, changed, or two swapped: `tpye`, which plain edit distance
 * counts as two). Needs no package.
 */
export function slipOf(written: string, candidates: readonly string[], accept: (candidate: string) => boolean = () => true): string | undefined {
  const fold = folded(written);
  return candidates.find((c) => c !== written && folded(c) === fold && accept(c)) ?? candidates.find((c) => oneEditApart(written, c) && accept(c));
}
