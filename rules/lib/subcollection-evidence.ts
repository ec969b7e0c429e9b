// What a document says of whether a plural under a collection (`/orders/lines`) is a sub-collection of
// one member of that collection, which path-subcollection-nesting asks it be nested under, or something
// else that a flat path names rightly: a collection in its own right grouped under the parent (its
// members addressed without any parent member), one object (a settings document, a summary), a call
// that lists or computes without adding, or a listing across all members beside the nested form.
// The labels of bench/labels/path-rules.tsv showed each of these read as a sub-collection (issue 38).
import * as plurals from './plurals.js';
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { pathShape, type Segment } from './path-parser.js';
import { getSuccessSchema, postAddsMember, type PathIndex } from './path-classifier.js';
import { postsBodyNamedAfter } from './member-evidence.js';
import { isObject, resolveChild } from './resolve.js';

/** Whether the path item's GET answers with one object (a schema that is not an array); a GET without a schema says nothing. */
function readsOneObject(ctx: RuleContext, item: Node): boolean {
  const schema = getSuccessSchema(ctx, item);
  if (!schema) return false;
  const type = schema.value['type'];
  return type !== 'array' && (type === 'object' || isObject(schema.value['properties']) || type === 'string');
}

/**
 * The segment names something other than one member's sub-collection. `i` is the segment's index in
 * `key`, `head` its last word; `paths` the document's Paths node.
 */
export function notOneMembersSubcollection(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number, head: string): boolean {
  // its members are addressed flat (`/videos/characters/{character_id}`): a collection of its own,
  // grouped under the parent, whose members belong to no one parent member
  if (index.isIndexed(key, i)) return true;
  const keys = index.keysAt(key, i);
  const items = keys.map((k) => resolveChild(ctx, paths, k, 'PathItem')).filter((n): n is Node<Record<string, unknown>> => n !== undefined);
  // one object read back (`/proxies/settings`, `/retentions/metadatas`): a document of the parent collection
  if (items.some((item) => readsOneObject(ctx, item))) return true;
  // POST only, adding nothing of its kind (`/utxos/leases` listing, `/responses/input_tokens` counting)
  const methods = index.methodsAt(key, i);
  if (methods.size === 1 && methods.has('post') && !items.some((item) => postAddsMember(item)) && !postsBodyNamedAfter(ctx, paths, keys, head)) return true;
  return false;
}

/**
 * The nested form of segment `i` under a member of segment `i - 1`, with its words' number either way:
 * `/clients/{clientId}/usageHistory` is the nested form of `/clients/usageHistories`.
 */
export function nestedShapes(segments: readonly Segment[], i: number, parse: (key: string) => Segment[]): string[] {
  const segment = segments[i]!;
  const head = segment.words[segment.words.length - 1]!;
  const one = plurals.singular(head.text);
  const written = head.raw[0] !== undefined && head.raw[0] !== head.raw[0].toLowerCase() ? one[0]!.toUpperCase() + one.slice(1) : one;
  const singularText = segment.text.slice(0, head.start - segment.start) + written + segment.text.slice(head.end - segment.start);
  return [segment.text, singularText].map((text) => {
    const nested = [...segments.slice(0, i).map((s) => s.text), '{}', text].join('/');
    return pathShape(parse('/' + nested));
  });
}
