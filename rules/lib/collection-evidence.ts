// What the document says of whether a literal segment names a collection: the parameters that follow
// its place (named after it, lookup keys, scopes, versions, member ids of other collections) and
// whether POST adds members to it. The plural rule's features are read from these.
import type { Node, RuleContext } from '../../src/lint/rule.js';
import * as plurals from './plurals.js';
import { isPluralWord, postAddsMember, type PathIndex } from './path-classifier.js';
import { splitWords, type Segment } from './path-parser.js';
import { resolveChild } from './resolve.js';
import { keysAnotherCollection, namesAnotherNoun, postsBodyNamedAfter } from './member-evidence.js';
import { membersOnlyArguments, parameterOnlyScopes } from './segment-document.js';

/** The last word of the literal right before segment `i` when it is plural (`/agents/group`: `agents`), else undefined. */
export function pluralParentHead(segments: readonly Segment[], i: number): string | undefined {
  const prev = segments[i - 1];
  const head = prev?.kind === 'literal' ? prev.words.at(-1)?.text : undefined;
  return head !== undefined && isPluralWord(head) ? head : undefined;
}

/** The words of a parameter's name: `groupName` → `group`, `name`. */
const paramWords = (param: Segment) => splitWords(param.params[0] ?? '').map((w) => w.text);

/** The parameter is named after the segment (`{orderId}` after `order`, `{username}` after `user`, `{connectId}` after `connect`). */
export function namesSegment(param: Segment, segment: Segment): boolean {
  const words = paramWords(param);
  const name = (param.params[0] ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const own = segment.words.map((w) => w.text).join('');
  return (words.length > 1 && words.slice(0, -1).join('') === own) || (name.startsWith(own) && /^(id|name|key|number|uuid)?$/.test(name.slice(own.length)));
}

/** Words that close a parameter's name with what it is (an id, a key), not what it picks: `announce_set_id` → `announce`, `set`. */
const identifierEnd = /^(id|ids|uid|uuid|guid|key|name|number|no|code|slug)$/;

/**
 * The parameter is named after the segment's last words, a qualifier of the compound dropped
 * (`bgp-announce-set/{announce_set}`, `user-group/{groupId}`): it picks one of what the segment names, as
 * `{order_id}` after `order` does, however the compound is written (round nine).
 */
export function namesSegmentTail(param: Segment, segment: Segment): boolean {
  const words = paramWords(param).map((w) => w.toLowerCase());
  while (words.length > 0 && identifierEnd.test(words[words.length - 1]!)) words.pop();
  const own = segment.words.map((w) => w.text.toLowerCase());
  return words.length > 0 && words.length < own.length && own.slice(own.length - words.length).join(' ') === words.join(' ');
}

/** `{api_version}`, `v{version}`: a version of the API, not a member. */
const isVersion = (param: Segment) => /version$/i.test(param.params[0] ?? '');

/**
 * A lookup key or a scope of another noun, not a member of this segment: `/name/{groupName}` looks a
 * group up by its name, `/email/{userEmail}` a user by email.
 */
function isLookupKey(param: Segment, segment: Segment, head: string): boolean {
  const words = paramWords(param);
  return words.length > 1 && words[words.length - 1] === head && words[0] !== head && !namesSegmentTail(param, segment);
}

/**
 * A scope of another noun: a parameter named after something else that another parameter follows
 * (`/maven/{groupId}/{artifactId}`): coordinates under a namespace, not members of the segment.
 */
export function isScope(index: PathIndex, key: string, i: number, param: Segment, segment: Segment): boolean {
  const words = paramWords(param);
  if (words.length < 2 || namesSegment(param, segment)) return false;
  const next = index.segments(key)[i + 2];
  return index.segments(key)[i + 1]?.text === param.text && next?.kind === 'param';
}

/**
 * What the parameters that follow a segment's place say of it, by the segment and the place's shape:
 * whether one is named after it, and (by their text) those that may be its members, scopes aside. The
 * same for every path through that place: worked out once, since a document may hold thousands.
 */
const evidenceMemo = new WeakMap<PathIndex, Map<string, { named: boolean; members: Map<string, Segment> }>>();

export function evidence(index: PathIndex, key: string, i: number, segment: Segment, head: string): { named: boolean; members: Map<string, Segment> } {
  let memo = evidenceMemo.get(index);
  if (!memo) evidenceMemo.set(index, (memo = new Map()));
  const id = `${index.prefixShapes(key)[i]}\0${segment.text}\0${head}`;
  let found = memo.get(id);
  if (!found) {
    const params = index.indexParamsAt(key, i).filter((p) => !isVersion(p));
    const members = new Map<string, Segment>();
    for (const p of params) if (!isLookupKey(p, segment, head) && !keysAnotherCollection(index, p, head)) members.set(p.text, p);
    memo.set(id, (found = { named: params.some((p) => namesSegment(p, segment) || namesSegmentTail(p, segment)), members }));
  }
  return found;
}

/**
 * Every parameter that follows the segment's place is named after another noun, and what it picks is only
 * read or called with: no path below it, nothing replaces or deletes it (`GET /_cat/allocation/{node_id}`,
 * `POST /{alias}/_rollover/{new_index}`). The parameter is an argument of a read or a call, not a member of
 * the segment, though no path of the document indexes that other noun (round eight). Where such members are
 * written or have paths of their own (`/schema/{className}/shards`, `/Profile/{destinyMembershipId}/Character`),
 * the labels call the segment a collection under another name, and the model weighs it.
 */
export function argumentsOfAnotherNoun(index: PathIndex, key: string, i: number, segment: Segment, head: string): boolean {
  const params = index.indexParamsAt(key, i).filter((p) => !isVersion(p));
  return params.length > 0 && membersOnlyArguments(index, key, i) && params.every((p) => namesAnotherNoun(p, segment, head));
}

/**
 * Whether POST adds members to the path made of segments 0 to `i` of `key`: it takes POST, and a
 * member path is beside it (`hasMembers`) or its POST takes or returns what its GET lists.
 */
export function postsMembers(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number, hasMembers: boolean, head: string): boolean {
  if (!index.methodsAt(key, i).has('post')) return false;
  if (hasMembers) return true;
  // Below a member a POST named after the segment acts on that member (`/pods/{name}/eviction`); elsewhere it adds one.
  if (index.segments(key)[i - 1]?.kind !== 'param' && postsBodyNamedAfter(ctx, paths, index.keysAt(key, i), head)) return true;
  return index.keysAt(key, i).some((k) => {
    const item = resolveChild(ctx, paths, k, 'PathItem');
    return item !== undefined && postAddsMember(item);
  });
}


/**
 * The parameter after segment `i` is named after another noun that the segment holds as a collection of its own, a
 * literal child spelt as that noun's plural (`/cluster/{node_id}` beside `/cluster/nodes`): it picks one of those, and
 * the segment is their container, no collection of what it names (round twelve).
 */
export function memberOfChildCollection(index: PathIndex, key: string, i: number, segment: Segment): boolean {
  const next = index.segments(key)[i + 1];
  if (next?.kind !== 'param' || namesSegment(next, segment) || namesSegmentTail(next, segment)) return false;
  const words = paramWords(next).map((w) => w.toLowerCase());
  while (words.length > 0 && identifierEnd.test(words[words.length - 1]!)) words.pop();
  if (words.length === 0) return false;
  const noun = words.join('');
  const plural = plurals.plural(noun);
  if (plural === noun) return false;
  const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
  return index.siblingGroup(key, i + 1).all.some((child) => letters(child.text) === plural);
}

/**
 * Segment `i` stands between a plural collection that has members of its own (`/sdk-connections/{id}`) and a bare key
 * of another name only read (`GET /sdk-connections/lookup/{key}`): the parent's members looked up by a second key,
 * the segment says how; no collection of its own (round twelve).
 */
export function alternateKeyOfParent(index: PathIndex, key: string, i: number, segment: Segment): boolean {
  const segments = index.segments(key);
  const next = segments[i + 1];
  if (!pluralParentHead(segments, i) || next?.kind !== 'param' || namesSegment(next, segment)) return false;
  const name = (next.params[0] ?? '').toLowerCase();
  if (!identifierEnd.test(name)) return false;
  const own = index.indexParamsAt(key, i - 1);
  if (own.length === 0 || own.some((p) => (p.params[0] ?? '').toLowerCase() === name)) return false;
  const methods = index.methodsAt(key, i + 1);
  return methods.size > 0 && [...methods].every((m) => m === 'get' || m === 'head');
}

/**
 * Segment `i` stands right under a plural collection, before a parameter that only scopes the paths below it (no path
 * ends at it: `/agents/group/{group_id}/restart` and no `/agents/group/{group_id}`): the segment narrows the parent's
 * members (the agents of one group) and picks no member of its own (round thirteen: 8 labelled rows, none a collection).
 */
export function scopesParentMembers(index: PathIndex, key: string, i: number): boolean {
  const segments = index.segments(key);
  return pluralParentHead(segments, i) !== undefined && segments[i + 1]?.kind === 'param' && parameterOnlyScopes(index, key, i);
}
