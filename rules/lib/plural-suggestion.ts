// What `path-collection-plural` proposes instead of a singular collection name: a word, or nothing.
import * as plurals from './plurals.js';
import { isNoun } from './lexicon.js';
import type { Segment } from './path-parser.js';
import { pluralHead, prepositions } from './segment-features.js';

/**
 * The path with the segment's head pluralised, when that is a word: the head (the last word, or the
 * last part of a closed compound) is a countable noun WordNet knows, and the segment is no phrase
 * around a preposition (`wakeOnLan`: its last word is no head). Otherwise undefined: the message
 * asks for a plural noun without making one up (`mostViewed`, `mostviewed`).
 */
export function pluralPath(key: string, segment: Segment): string | undefined {
  const found = pluralHead(segment);
  if (!found) return undefined;
  const { last, head } = found;
  const plural = plurals.plural(head);
  if (plural === head || !isNoun(head) || segment.words.some((w) => prepositions.has(w.text))) return undefined;
  if (head !== last.text && !isNoun(last.text.slice(0, last.text.length - head.length).replace(/s$/, ''))) return undefined;
  const raw = last.raw.slice(0, last.raw.length - head.length) + plurals.plural(last.raw.slice(last.raw.length - head.length));
  return key.slice(0, last.start) + raw + key.slice(last.end);
}
