// How much of a verb a word is, from WordNet's evidence (lexicon.ts), graded so that the verb
// detector can ask for more or less of it depending on what the path says (verb-detector.ts).
// Words WordNet lacks are derived from the verbs they are built on: a prefixed verb (`unpublish`,
// `reinvite`, `unarchive` from `publish`, `invite`, `archive`) or a closed phrasal verb (`logout`,
// `signup` from `log`, `sign` and a particle).
import { senses, type WordSenses } from './lexicon.js';

/**
 * - `strict`: a verb and nothing else (`get`, `create`, `approve`), or no noun or adjective use seen;
 * - `mostly`: verb uses outnumber noun and adjective uses four times (`show` 405:27, `watch` 176:17),
 *   or, with no use seen, verb senses outnumber the others (`revoke`);
 * - `leaning`: verb uses at least as many as the others (`close` 86:85, `check` 48:27);
 * - `capable`: used as a verb at all (`list` 42:65, `end` 92:142, `mark`).
 */
export type Strength = 'strict' | 'mostly' | 'leaning' | 'capable';

export interface VerbEvidence extends Record<Strength, boolean> {
  nounSenses: number;
  verbSenses: number;
  adjectiveSenses: number;
  /** Unknown to WordNet, derived from a verb it is built on (`unpublish`, `logout`). */
  derived: boolean;
}

/** Tagged uses below this are too few to weigh (WordNet has `console` as a verb once). */
const minimumUses = 3;
const verbMajority = 4;

function grade(s: WordSenses): VerbEvidence {
  const other = s.noun + s.adjective;
  const strict = s.verbSenses > 0 && (s.nounSenses + s.adjectiveSenses === 0 || (other === 0 && s.verb >= minimumUses));
  const uses = s.verb + other;
  // with no use seen, the senses decide (`revoke`: two verb senses, one noun sense)
  const mostly = strict || (s.verb >= minimumUses && s.verb >= verbMajority * other) || (uses === 0 && s.verbSenses > s.nounSenses + s.adjectiveSenses);
  const leaning = mostly || (s.verbSenses > 0 && (uses > 0 ? s.verb > 0 && s.verb >= other : s.verbSenses >= s.nounSenses + s.adjectiveSenses));
  const capable = leaning || s.verb > 0;
  return { strict, mostly, leaning, capable, nounSenses: s.nounSenses, verbSenses: s.verbSenses, adjectiveSenses: s.adjectiveSenses, derived: false };
}

const prefixes = /^(un|re|de|dis)(?=[a-z]{4,}$)/;
const particles = /^([a-z]{2,})(up|out|in|off|down|on|over)$/;
const memo = new Map<string, VerbEvidence>();

/** The word's verb evidence; a word WordNet lacks takes its base verb's (prefixed) or `capable` (phrasal). */
export function verbEvidence(word: string): VerbEvidence {
  let e = memo.get(word);
  if (e) return e;
  const s = senses(word);
  e = grade(s);
  if (s.nounSenses + s.verbSenses + s.adjectiveSenses === 0) {
    const base = word.replace(prefixes, '');
    const phrasal = particles.exec(word);
    // a phrasal verb closed into one word is only `capable`: nouns such as `plugin` and `addon` take this form too
    if (base !== word && senses(base).verbSenses > 0) e = { ...grade(senses(base)), nounSenses: 0, adjectiveSenses: 0, derived: true };
    else if (phrasal && grade(senses(phrasal[1]!)).capable) e = { strict: false, mostly: false, leaning: false, capable: true, nounSenses: 0, verbSenses: 1, adjectiveSenses: 0, derived: true };
  }
  memo.set(word, e);
  return e;
}
