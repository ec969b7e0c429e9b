// Decides whether a literal path segment names an action. Precision first: a word counts as a verb
// only when WordNet says it is one mostly, and only where a path would use a verb (an imperative at
// the start of a compound, or an action at the end of a path); resource nouns that are also verbs
// (`orders`, `records`, `updates`, `searches`, `status`, `builds`, `runs`) pass.
import { senses } from './lexicon.js';
import { isPluralWord } from './path-classifier.js';
import type { Segment, Word } from './path-parser.js';

/**
 * Tagged uses below this are too few to weigh (WordNet has `console` as a verb once); a word also
 * used as a noun is a verb only when verb uses outnumber noun and adjective uses this many times
 * (`show` 405:27 and `build` 139:2 are verbs, `search` 29:19, `file` 66:20, `review` 25:7 are not).
 */
const minimumUses = 3;
const verbMajority = 4;

/** A verb and nothing else: `get`, `create`, `delete`, `cancel`, `activate`, `upload`. */
export function isVerbOnly(word: string): boolean {
  const s = senses(word);
  if (s.verbSenses === 0) return false;
  return s.nounSenses + s.adjectiveSenses === 0 || (s.noun + s.adjective === 0 && s.verb >= minimumUses);
}

/** Mostly a verb in use, though it may also be a noun: `show`, `build`, `run`, `watch`. */
export function isMostlyVerb(word: string): boolean {
  const s = senses(word);
  return isVerbOnly(word) || (s.verb >= minimumUses && s.verb >= verbMajority * (s.noun + s.adjective));
}

/** File-format suffixes: `apply-program.json` is read as `apply-program`. */
const formatSuffix = /^(json|ya?ml|xml|csv|txt|html?)$/;

/**
 * The words of the method part of a segment: dotted names (`admin.conversations.create`) read like
 * paths whose last part is the method and whose other parts are namespaces.
 */
function methodPart(segment: Segment): Word[] {
  const parts: Word[][] = [];
  let from = segment.start;
  for (const piece of segment.text.split('.')) {
    const to = from + piece.length;
    const words = segment.words.filter((w) => w.start >= from && w.end <= to);
    if (words.length > 0) parts.push(words);
    from = to + 1;
  }
  if (parts.length > 1 && parts[parts.length - 1]!.length === 1 && formatSuffix.test(parts[parts.length - 1]![0]!.text)) parts.pop();
  return parts[parts.length - 1] ?? [];
}

/**
 * The verb that segment `i` of a path names, if it names one; words in `allow` never count.
 * `indexed` tells whether some path follows this segment with a parameter: it has members, so below
 * a member or with a plural head it names a sub-collection (but `/questions/show/{id}` is an action).
 */
export function findVerb(segments: readonly Segment[], i: number, allow: ReadonlySet<string>, indexed: boolean): Word | undefined {
  const segment = segments[i]!;
  if (segment.kind === 'param') return undefined;
  const words = methodPart(segment);
  if (words.length === 0) return undefined;
  const next = segments[i + 1]?.kind;
  // Before another literal a word names a namespace or qualifies it (`/_apis/build/definitions`, `/connect/logs`).
  const followedByLiteral = next === 'literal';
  const verb = (w: Word | undefined, test: (word: string) => boolean) => (w && !allow.has(w.text) && test(w.text) ? w : undefined);
  const head = words[words.length - 1]!;
  if (words.length === 1) {
    // Indexed below a member it is a sub-collection (`/accounts/{id}/connect/{connect_id}`, `/{repo}/commit/{sha}`).
    if (followedByLiteral || (indexed && segments[i - 1]?.kind === 'param')) return undefined;
    return verb(head, isMostlyVerb);
  }
  // An indexed compound with a plural head names a collection (`/follow_requests/{account_id}`).
  if (indexed && isPluralWord(head.text)) return undefined;
  // An imperative starts a compound (`getOrders`, `create-user`); a verb at its end is the action
  // of a method-style name (`accountCreate`, `mirror-sync`).
  return verb(words[0], isVerbOnly) ?? (followedByLiteral ? undefined : verb(head, isMostlyVerb));
}
