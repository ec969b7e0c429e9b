// RPC method names are often written closed, in one lower-case word (`unlockwallet`, `getrecoveryinfo`,
// `removetx`): the path parser sees one word that WordNet lacks, so nothing in it could name an action.
// This splits such a word into the words it is made of when a verb opens it, before its object
// (`unlock`+`wallet`). A word WordNet knows whole, or an inflection of one, is never split (`download`,
// `viewed`); whether a split name is an action is left to the model (`unlockkey` names a key).
import { splitClosedCompound } from './compound.js';
import { senses } from './lexicon.js';
import { isPluralWord } from './path-classifier.js';
import { isCrudVerb } from './restful-form.js';
import type { Word } from './path-parser.js';
import { verbEvidence } from './verb-lexicon.js';

/** An object after a verb written as an abbreviation without vowels (`removetx`, `getmsg`), not `me` in `readme`. */
const shortObject = /^[b-df-hj-np-tv-xz]{2,4}$/;
const minimumVerb = 3;

const memo = new Map<string, string[] | undefined>();
const memoLimit = 10_000;

const knows = (word: string) => {
  const s = senses(word);
  return s.nounSenses + s.verbSenses + s.adjectiveSenses > 0;
};

/** Stems an inflected form may come from (`viewed` → `view`, `archived` → `archive`, `running` → `run`): WordNet holds lemmas only. */
function stems(word: string): string[] {
  const out: string[] = [];
  for (const [ending, replacements] of [['ies', ['y']], ['es', ['', 'e']], ['s', ['']], ['ed', ['', 'e']], ['ing', ['', 'e']]] as const) {
    if (!word.endsWith(ending) || word.length <= ending.length + 2) continue;
    const stem = word.slice(0, -ending.length);
    for (const r of replacements) out.push(stem + r);
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) out.push(stem.slice(0, -1)); // `stopped` → `stop`
  }
  return out;
}

/** WordNet knows the word, a lemma it is an inflection of, or the verb it is derived from (`unpublish`). */
const knownWhole = (word: string) => knows(word) || verbEvidence(word).derived || stems(word).some(knows);

/**
 * A verb that can open or close a closed name: four letters or more, or one an HTTP method stands for
 * (`get`, `add`, `set`): short verbs cut ordinary words wrongly (`config` is no `con`+`fig`).
 */
const verbPart = (word: string) => (word.length >= 4 || isCrudVerb(word)) && verbEvidence(word).leaning;

/**
 * Some proper prefix of the word is such a verb. Both splits below open with one, so without it the word
 * has none, and the dictionary's split, which looks up every candidate part (`datingwebhookc` in
 * `validatingwebhookconfigurations`, nearly all absent, across half the table's blocks), is not tried.
 * The prefixes sort next to the word, so their lookups share a few blocks (issue 41, cold runs).
 */
function opensWithVerb(word: string): boolean {
  for (let end = 1; end < word.length; end++) if (verbPart(word.slice(0, end))) return true;
  return false;
}

/**
 * Among the splits with the fewest words, one a verb opens: the dictionary's split is the first it finds
 * (`testall` as `tes`+`tall`), while the name opens with its verb (`test`+`all`, `list`+`all`; round ten).
 * The longest such verb is tried first; the rest must be one word WordNet knows, or as many as before.
 */
function verbOpened(word: string, parts: string[] | undefined): string[] | undefined {
  if (!parts || verbPart(parts[0]!)) return parts;
  for (let end = word.length - 3; end >= minimumVerb; end--) {
    const verb = word.slice(0, end);
    if (!verbPart(verb)) continue;
    const rest = word.slice(end);
    const restParts = knownWhole(rest) ? [rest] : splitClosedCompound(rest);
    if (restParts && restParts.length === parts.length - 1) return [verb, ...restParts];
  }
  return parts;
}

/**
 * The words of a closed lower-case name that WordNet lacks whole, when a verb opens it; undefined
 * otherwise. The dictionary's fewest-words split comes first; failing it, a verb an HTTP method stands
 * for followed by a short abbreviation without vowels (`remove`+`tx`, not `read`+`me`).
 */
export function splitRunTogether(word: string): string[] | undefined {
  if (memo.has(word)) return memo.get(word);
  let result: string[] | undefined;
  if (/^[a-z]+$/.test(word) && !knownWhole(word) && opensWithVerb(word)) {
    const parts = verbOpened(word, splitClosedCompound(word));
    if (parts && verbPart(parts[0]!)) result = parts;
    // a plural's ending is no abbreviation (`addons` is no `add`+`ons`)
    else if (!parts && !isPluralWord(word)) {
      // the longest verb prefix that leaves an abbreviation
      for (let end = word.length - 2; end >= minimumVerb && end >= word.length - 4 && !result; end--) {
        const verb = word.slice(0, end);
        const rest = word.slice(end);
        if (verbPart(verb) && isCrudVerb(verb) && shortObject.test(rest)) result = [verb, rest];
      }
    }
  }
  if (memo.size >= memoLimit) memo.clear();
  memo.set(word, result);
  return result;
}

/** The words of a one-word name split as above, each with its columns inside the path key; the word itself otherwise. */
export function splitWord(word: Word): Word[] {
  const parts = word.raw === word.raw.toLowerCase() ? splitRunTogether(word.text) : undefined;
  if (!parts) return [word];
  let at = word.start;
  return parts.map((text) => {
    const w = { text, raw: word.raw.slice(at - word.start, at - word.start + text.length), start: at, end: at + text.length };
    at += text.length;
    return w;
  });
}
