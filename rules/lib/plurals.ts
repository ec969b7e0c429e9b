// pluralize's four answers, kept per word: each call runs the word through its hundreds of regular
// expressions (the path rules' largest single cost on a document of a few hundred paths), and the
// path rules ask about the same few hundred words thousands of times. pluralize is pure here: no rule
// of this project adds rules to it.
import type Pluralize from 'pluralize';
import { lazyPackage } from '../../src/lazy-package.js';

// on first use: a run with the path rules off never loads it
const pluralize = lazyPackage<typeof Pluralize>('pluralize');

function memoised<T>(answer: (word: string) => T): (word: string) => T {
  const known = new Map<string, T>();
  return (word) => {
    let found = known.get(word);
    if (found === undefined && !known.has(word)) known.set(word, (found = answer(word)));
    return found as T;
  };
}

export const plural = memoised((word) => pluralize().plural(word));
export const singular = memoised((word) => pluralize().singular(word));
export const isPlural = memoised((word) => pluralize().isPlural(word));
export const isSingular = memoised((word) => pluralize().isSingular(word));
