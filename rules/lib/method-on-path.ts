// The visitors of the rules that forbid a method on one kind of path (DELETE or PUT on a collection,
// POST on a member): they differ only in the method, the kind and the message (an id of the rule's `meta.messages`, one for both formats).
import type { Method } from '../../src/formats/swagger2/kinds.js';
import type { JsonObject, Node, RuleContext, Visitors } from '../../src/lint/rule.js';
import { PathIndex, type PathKind } from './path-classifier.js';
import type { Segment } from './path-parser.js';
import { servedPaths } from './served-paths.js';

/**
 * `also`, when given, must hold too (post-collection-only: the member path's parameter picks a member
 * of the collection before it).
 */
export function methodOnPath(ctx: RuleContext, method: Method, kind: PathKind, messageId: string, data: (key: string, segments: Segment[]) => Record<string, string>, also?: (index: PathIndex, key: string) => boolean): Visitors {
  let index: PathIndex | undefined; // the whole `paths` object decides what each path is
  const check = (item: JsonObject, node: Node, key: string) => {
    if (item[method] === undefined || !index || index.kind(ctx, key, node) !== kind || (also && !also(index, key))) return;
    ctx.report({ node: ctx.child(node, method), messageId, data: data(key, index.segments(key)) });
  };
  return {
    ...servedPaths(ctx, (key, node) => check(node.value, node, key)),
    // the whole `paths` object decides what each path is: its index is built before its items are met
    Paths(_paths, node) {
      index = PathIndex.of(node, ctx);
    },
  };
}
