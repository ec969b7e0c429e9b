// The path items the API serves, as the walk meets them, for the rules about API paths (both formats).
import type { JsonObject, Node, RuleContext, Visitors } from '../../src/lint/rule.js';
import { pathItemOperations } from '../../src/formats/openapi3/kinds.js';
import { isObject } from './resolve.js';
import { versionChecked } from './openapi3.js';

export interface ServedOperation {
  /** The API path it is served under (a key of `paths`). */
  path: string;
  method: string;
  node: Node<JsonObject>;
  /** The path item it is in, where defined (its `servers` and `parameters` apply to the operation). */
  item: Node<JsonObject>;
}

/** OpenAPI 3: a served path item's operations (the method fields, then 3.2's `additionalOperations`), in the specification's order. */
export function servedOperationsOf(ctx: RuleContext, key: string, item: Node<JsonObject>): ServedOperation[] {
  return pathItemOperations(item.value).map(({ method, pointer, value }) => ({ path: key, method, item, node: ctx.child<JsonObject>(item, pointer, value, 'Operation') }));
}

/** A served path item: the API path it is under, the item where it is defined, and the node to report the path at. */
export type ServedPathCheck = (key: string, item: Node<JsonObject>, keyNode: Node) => void;

/** The node at the API path's key: a path item reached by `$ref`s has them as its parents. */
function keyNodeOf(item: Node): Node {
  let at: Node = item;
  while (at.parent?.kind === 'Ref') at = at.parent;
  return at;
}

/**
 * Visitors that call `check` for each path item under `paths`, where the walk meets it: the walk visits
 * a path item that a path takes by `$ref` (to components/pathItems or another file) under that path, so
 * a callback's, a webhook's or one in components/pathItems as such is no served path. The walk visits an
 * object once, so a path item that a second path also names by `$ref` (or that the walk met earlier
 * elsewhere) is handed over for that path when `paths` is done. `done`, when given, runs after the last.
 * On an OpenAPI version swaglint does not check there is none (openapi-version's one finding).
 */
export function servedPaths(ctx: RuleContext, check: ServedPathCheck, done?: () => void): Visitors {
  if (!versionChecked(ctx)) return {};
  const handled = new Set<string>();
  const refs: Node[] = [];
  return {
    PathItem(_item, node) {
      const keyNode = keyNodeOf(node);
      if (keyNode.parent?.kind !== 'Paths') return;
      handled.add(keyNode.key);
      check(keyNode.key, node, keyNode);
    },
    Ref(_ref, node) {
      if (node.parent?.kind === 'Paths') refs.push(node);
    },
    'Paths:exit'() {
      for (const ref of refs) {
        if (handled.has(ref.key)) continue;
        const target = ctx.resolve(ref);
        if (target.ok && isObject(target.value)) check(ref.key, ctx.nodeAt<JsonObject>(target.source, target.pointer, { kind: 'PathItem' }), ref);
      }
      done?.();
    },
  };
}
