// The visitors of the rules that forbid a method on one kind of path (DELETE or PUT on a collection,
// POST on a member): they differ only in the method, the kind and the message.
import type { Method } from '../../src/formats/swagger2/kinds.js';
import type { RuleContext, Visitors } from '../../src/lint/rule.js';
import { PathIndex, type PathKind } from './path-classifier.js';
import type { Segment } from './path-parser.js';
import { pathKeyNode } from './resolve.js';

export function methodOnPath(ctx: RuleContext, method: Method, kind: PathKind, message: (key: string, segments: Segment[]) => string): Visitors {
  let index: PathIndex | undefined; // the whole `paths` object decides what each path is
  return {
    Paths(paths) {
      index = PathIndex.of(paths);
    },
    PathItem(item, node) {
      const key = pathKeyNode(node).key;
      if (item[method] === undefined || !index || index.kind(ctx, key, node) !== kind) return;
      ctx.report({ node: ctx.child(node, method), message: message(key, index.segments(key)) });
    },
  };
}
