// Decides whether a literal path segment names an action. A word alone rarely settles it (`count`,
// `close`, `mark`, `list` are nouns and verbs), so the decision weighs what the path itself says:
//   - where the word is: the method part of a dotted RPC name (`chat.postMessage`), the start of a
//     verb-first compound (`setDeviceName`), the end of an object-verb compound (`batchClose`), or a
//     word alone;
//   - the methods of the path it ends: a POST-only leaf is most often an action, a leaf read with GET
//     and written with PUT names a thing;
//   - its siblings and children: literals below make a namespace (`/_apis/build/definitions`), a
//     member identifier below makes a collection, a set of noun siblings under a plural parent makes
//     an enumeration of names (`/primitives/float`), and a segment whose removal leaves another path of
//     the document modifies that path (`/watch/namespaces/{namespace}/pods` beside `/namespaces/{namespace}/pods`).
// How strongly a word must be a verb depends on that evidence (see `Strength`).
import { verbEvidence, type Strength } from './verb-lexicon.js';
import { isPluralWord, type PathIndex } from './path-classifier.js';
import { pathShape, type Segment, type Word } from './path-parser.js';
import { isCrudVerb } from './restful-form.js';

/** File-format suffixes: `apply-program.json` is read as `apply-program`. */
const formatSuffix = /^(json|ya?ml|xml|csv|txt|html?)$/;

/**
 * The words of the method part of a segment, and whether it is a dotted method name: dotted names
 * (`admin.conversations.create`) read like paths whose last part is the method and whose other parts
 * are namespaces. Parts with digits (`k8s`, `v1`) make a domain or version, not a method name.
 */
const methodParts = new WeakMap<Segment, { words: Word[]; dotted: boolean }>(); // siblings are read many times over

export function methodPart(segment: Segment): { words: Word[]; dotted: boolean } {
  let known = methodParts.get(segment);
  if (!known) methodParts.set(segment, (known = splitMethodPart(segment)));
  return known;
}

function splitMethodPart(segment: Segment): { words: Word[]; dotted: boolean } {
  const parts: Word[][] = [];
  let from = segment.start;
  for (const piece of segment.text.split('.')) {
    const to = from + piece.length;
    const words = segment.words.filter((w) => w.start >= from && w.end <= to);
    if (words.length > 0) parts.push(words);
    from = to + 1;
  }
  if (parts.length > 1 && parts[parts.length - 1]!.length === 1 && formatSuffix.test(parts[parts.length - 1]![0]!.text)) parts.pop();
  const dotted = parts.length > 1 && !/[0-9]/.test(segment.text) && !segment.text.startsWith('.');
  return { words: parts[parts.length - 1] ?? [], dotted };
}

/** A word that qualifies the noun after it (`rolling` upgrade, `individual` invite, `manual` review). */
export function isModifier(word: string): boolean {
  const e = verbEvidence(word);
  if (/(ing|ed)$/.test(word) && e.verbSenses === 0) return true; // participles and gerunds WordNet lists apart
  return e.adjectiveSenses > 0 && (e.nounSenses === 0 || e.adjectiveSenses >= e.nounSenses);
}

/** A participle or adjective ends a compound that names a state (`stepFailed`, `pastDue`), not an action. */
export function isStateWord(word: string): boolean {
  const e = verbEvidence(word);
  return e.nounSenses === 0 && e.verbSenses === 0 && (e.adjectiveSenses > 0 || /ed$/.test(word));
}

/**
 * Whether segment `i` sits among an enumeration of names: under a literal plural parent (`views`,
 * `primitives`, `encodings`) with at least two other literal siblings, most of which are no verbs
 * (`/views/edit` beside `/views/sender` and `/views/recipient_preview`).
 */
export function amongNamedSiblings(index: PathIndex, key: string, segments: readonly Segment[], i: number): boolean {
  const parent = segments[i - 1];
  const parentHead = parent?.kind === 'literal' ? parent.words[parent.words.length - 1] : undefined;
  if (!parentHead || !isPluralWord(parentHead.text)) return false;
  const { verbs, all } = verbSiblings(index, key, i);
  return all >= 2 && verbs * 2 < all;
}

/** How many of the literal siblings of segment `i` start or end with a verb, of how many. */
export function verbSiblings(index: PathIndex, key: string, i: number): { verbs: number; all: number } {
  const { all, own } = index.siblingGroup(key, i);
  const f = factsOf(all);
  return { verbs: f.verbLike - (own && startsOrEndsWithVerb(own) ? 1 : 0), all: all.length - (own ? 1 : 0) };
}

const verbLike = new WeakMap<Segment, boolean>();

function startsOrEndsWithVerb(segment: Segment): boolean {
  let known = verbLike.get(segment);
  if (known === undefined) {
    const w = methodPart(segment).words;
    known = w.length > 0 && (verbEvidence(w[0]!.text).leaning || verbEvidence(w[w.length - 1]!.text).leaning);
    verbLike.set(segment, known);
  }
  return known;
}

/** What the siblings at one place say, counted once per place (every segment there asks). */
interface SiblingFacts {
  /** How many start or end with a verb. */
  verbLike: number;
  /** How many have each text, lower case. */
  names: Map<string, number>;
  /** How many end in a verb, by construction (word count and the words before the last). */
  verbEndings: Map<string, number>;
}

const facts = new WeakMap<readonly Segment[], SiblingFacts>();

function factsOf(all: readonly Segment[]): SiblingFacts {
  let f = facts.get(all);
  if (!f) {
    f = { verbLike: 0, names: new Map(), verbEndings: new Map() };
    for (const s of all) {
      if (startsOrEndsWithVerb(s)) f.verbLike++;
      const name = s.text.toLowerCase();
      f.names.set(name, (f.names.get(name) ?? 0) + 1);
      const ending = verbEnding(s);
      if (ending !== undefined) f.verbEndings.set(ending, (f.verbEndings.get(ending) ?? 0) + 1);
    }
    facts.set(all, f);
  }
  return f;
}

/** A segment's construction (word count and stem) when its method part ends in a verb. */
function verbEnding(segment: Segment): string | undefined {
  const w = methodPart(segment).words;
  return w.length > 0 && verbEvidence(w[w.length - 1]!.text).leaning ? construction(w) : undefined;
}

const construction = (words: readonly Word[]) => `${words.length}\0${words.slice(0, -1).map((w) => w.text).join(' ')}`;

/** How many siblings (the segment itself aside) have `value` in the given count. */
function othersWith(counts: Map<string, number>, value: string, own: string | undefined): number {
  return (counts.get(value) ?? 0) - (own === value ? 1 : 0);
}

/**
 * A sibling undoes the word (`/statuses/{id}/favourite` beside `…/unfavourite`), or the word undoes a
 * sibling: something one can undo is an action, whatever WordNet says of the word.
 */
export function undoneBySibling(index: PathIndex, key: string, i: number, word: string): boolean {
  const { all, own } = index.siblingGroup(key, i);
  const { names } = factsOf(all);
  const self = own?.text.toLowerCase();
  return othersWith(names, 'un' + word, self) > 0 || (word.startsWith('un') && othersWith(names, word.slice(2), self) > 0);
}

/**
 * A sibling built the same way ends in a verb (`accountClone` beside `accountCreate`): the head is
 * the method of a method-style name too, when WordNet has it as a verb at all.
 */
export function sameConstructionAsVerbSibling(index: PathIndex, key: string, i: number, words: readonly Word[]): boolean {
  const { all, own } = index.siblingGroup(key, i);
  return othersWith(factsOf(all).verbEndings, construction(words), own && verbEnding(own)) > 0;
}

/** The path without segment `i` is another path of the document: the segment modifies that path. */
export function modifiesAnotherPath(index: PathIndex, segments: readonly Segment[], i: number): boolean {
  return index.hasShape(pathShape(segments.filter((_, j) => j !== i)));
}

/**
 * The verb that segment `i` of path `key` names, if it names one; words in `allow` never count.
 */
export function findVerb(index: PathIndex, key: string, i: number, allow: ReadonlySet<string>): Word | undefined {
  const segments = index.segments(key);
  const segment = segments[i];
  if (!segment || segment.kind === 'param') return undefined;
  const { words, dotted } = methodPart(segment);
  if (words.length === 0) return undefined;
  const last = i === segments.length - 1;
  const next = segments[i + 1];
  const methods = index.methodsAt(key, i);
  const postOnly = last && methods.size === 1 && methods.has('post');
  const takesPost = last && methods.has('post');
  const is = (w: Word | undefined, strength: Strength) => (w && !allow.has(w.text) && verbEvidence(w.text)[strength] ? w : undefined);
  const head = words[words.length - 1]!;
  const first = words[0]!;
  // Most segments hold no word that can be a verb at all: nothing below can make them an action,
  // except a sibling that undoes the word (`bookmark` beside `unbookmark`).
  if (!words.some((w) => verbEvidence(w.text).verbSenses > 0) && !(words.length === 1 && postOnly && undoneBySibling(index, key, i, head.text))) return undefined;

  if (words.length === 1) {
    // A method name ends a dotted RPC name (`users.list`, `conversations.mark`, `calls.end`).
    if (dotted) return is(head, 'capable');
    if (next?.kind === 'literal') {
      // A word before literals names a namespace or qualifies them (`/_apis/build/definitions`), unless
      // the path without it is a path too: then it acts on that path (`/watch/namespaces/{ns}/pods`).
      return is(head, 'mostly') && modifiesAnotherPath(index, segments, i) ? head : undefined;
    }
    if (next) {
      // Indexed below a member it is a sub-collection (`/accounts/{id}/connect/{connect_id}`), but
      // not when what follows picks no one member (`/compare/{base}...{head}`).
      const oneMember = next.kind === 'param';
      if (oneMember && segments[i - 1]?.kind === 'param') return undefined;
      return is(head, oneMember ? 'mostly' : 'leaning');
    }
    // A leaf with a member path beside it is a collection (`/accounts/{id}/connect` beside
    // `…/connect/{connectId}`, `/statuses/build` beside `/statuses/build/{key}`).
    if (index.isIndexed(key, i)) return undefined;
    if (amongNamedSiblings(index, key, segments, i)) return undefined;
    // A leaf: POST alone is most often an action, on the member above it (`/users/{id}/reinvite`)
    // more than below a literal, where nouns of action name what POST runs (`/fields/query`); a
    // leaf also read or replaced names a thing.
    if (postOnly) {
      if (!allow.has(head.text) && undoneBySibling(index, key, i, head.text)) return head;
      // among verbs (`/bulk_users/close` beside `add` and `update`) a word leaning to a verb is one too
      const siblings = verbSiblings(index, key, i);
      const amongVerbs = siblings.all >= 2 && siblings.verbs * 2 > siblings.all;
      // a prefixed verb WordNet lacks has no noun use against it (`/posts/unpublish`)
      const derived = verbEvidence(head.text).derived;
      return is(head, segments[i - 1]?.kind === 'param' || amongVerbs || derived ? 'leaning' : 'mostly');
    }
    return is(head, takesPost ? 'mostly' : 'strict');
  }

  // An indexed compound with a plural head names a collection (`/follow_requests/{account_id}`), here
  // or beside its member path.
  if (((next && next.kind !== 'literal') || index.isIndexed(key, i)) && isPluralWord(head.text)) return undefined;
  if (takesPost && !allow.has(head.text) && verbEvidence(head.text).verbSenses > 0 && sameConstructionAsVerbSibling(index, key, i, words)) return head;
  if (last && amongNamedSiblings(index, key, segments, i)) return undefined;
  // Verb first (`getOrders`, `create-user`, `setDeviceName`), followed by what it acts on: a compound
  // ending in a participle or an adjective names a state (`stepFailed`). Before literals a verb-first
  // compound is a namespace (`recycleBin/items`).
  if (next?.kind !== 'literal' && !isStateWord(head.text)) {
    const strength: Strength = dotted ? 'capable' : postOnly ? 'leaning' : 'mostly';
    // On a leaf that is only read or replaced, a verb-first compound is a noun phrase (`retry_queue`,
    // `follow_requests`) unless its verb is one that an HTTP method stands for (`getBody`, `listKeys`).
    const readOnly = last && !dotted && methods.size > 0 && !takesPost;
    // A CRUD verb that starts a compound is its imperative (`listKeys`, `setDeviceName`) whenever WordNet has it as a verb.
    const verb = is(first, isCrudVerb(first.text) ? 'capable' : strength);
    if (verb && (!readOnly || isCrudVerb(verb.text))) return verb;
  }
  if (next) return undefined;
  // Object then verb, method style (`accountCreate`, `mirror-sync`, `batchClose`), unless a modifier
  // makes the last word a noun (`rollingUpgrade`, `individualInvite`).
  if (isModifier(words[words.length - 2]!.text)) return undefined;
  return is(head, dotted || postOnly ? 'capable' : takesPost ? 'leaning' : 'mostly');
}
