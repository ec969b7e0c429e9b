// Following `$ref`s to a node that rules can read and report at (the target's own file and pointer).
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { isObject } from '../../src/lint/rule-helpers.js';
import type { Kind } from '../../src/formats/swagger2/kinds.js';

export { isObject };

/**
 * The value at `keys` below `node`, with every `$ref` on the way followed; undefined when it is
 * missing, not an object or its reference does not resolve (other rules report broken references).
 */
export function resolveChild(ctx: RuleContext, node: Node, keys: string | string[], kind: Kind = node.kind): Node<Record<string, unknown>> | undefined {
  let current: Node = node;
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    const value = current.value as Record<string, unknown> | null; // an object or a list (index keys)
    if (value === null || typeof value !== 'object' || value[key] === undefined) return undefined;
    const child = value[key] as { $ref?: unknown } | null;
    if (child === null || typeof child !== 'object' || typeof child.$ref !== 'string') {
      // no reference to follow (most values): a node in place, without the resolver's bookkeeping
      current = ctx.child(current, key, child, kind);
      continue;
    }
    const target = ctx.resolve(ctx.child(current, key));
    if (!target.ok) return undefined;
    current = ctx.nodeAt(target.source, target.pointer, { kind, parent: current, key });
  }
  return isObject(current.value) ? (current as Node<Record<string, unknown>>) : undefined;
}

/** The node whose key is the path (`/orders`), also when the path item itself is a `$ref` to another file. */
export function pathKeyNode(pathItem: Node): Node {
  return pathItem.parent?.kind === 'Ref' ? pathItem.parent : pathItem;
}
