// Paths whose templates differ only in the names of their parameters (`/a/{x}` and `/a/{y}`): a
// request matches both. Two rules judge them: `path-unique-template` when one method is on both (a
// request cannot be routed), `path-param-names-consistent` when the methods are disjoint (valid
// Swagger 2.0, which a router tells apart by method, but one resource named two ways).
import type { JsonObject, Node, RuleContext } from '../../src/lint/rule.js';
import { templateShape } from './template.js';

export interface EquivalentPair {
  /** The later path key, the one reported. */
  key: string;
  /** The earlier path key with the same shape that it is compared with. */
  other: string;
  /** Methods on both: empty when the two path items are disjoint. */
  shared: string[];
  /** Whether both path items resolve (a `$ref` that does not is ref-resolves' finding, and shows no methods). */
  resolved: boolean;
}

/** The operation fields of a path item (`get`…`trace`, OpenAPI 3.2's `query`), in the specifications' order. */
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/** The methods a path item (its `$ref` followed) defines, as the format's kinds table names operations; undefined when it does not resolve. */
function methodsOf(ctx: RuleContext, paths: Node<JsonObject>, key: string): Set<string> | undefined {
  const target = ctx.resolve(ctx.child(paths, key));
  const item = target.ok ? target.value : undefined;
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const found = new Set<string>();
  for (const m of methods) {
    if ((item as JsonObject)[m] === undefined) continue;
    const spec = ctx.format.kinds.childSpec('PathItem', m);
    if (spec !== undefined && 'one' in spec && spec.one === 'Operation') found.add(m);
  }
  return found;
}

/**
 * Each path key that has the shape of an earlier one, paired with the earlier path it clashes with:
 * the first that shares a method with it, else the first with its shape. Path items are resolved
 * only for shapes that occur twice, which in a clean document is none.
 */
export function equivalentPairs(ctx: RuleContext, paths: JsonObject, node: Node<JsonObject>): EquivalentPair[] {
  const byShape = new Map<string, string[]>();
  for (const key of Object.keys(paths)) {
    if (!key.startsWith('/')) continue;
    const shape = templateShape(key);
    const list = byShape.get(shape);
    if (list) list.push(key);
    else byShape.set(shape, [key]);
  }
  const pairs: EquivalentPair[] = [];
  for (const keys of byShape.values()) {
    if (keys.length < 2) continue;
    const found = keys.map((k) => methodsOf(ctx, node, k));
    const own = found.map((m) => m ?? new Set<string>());
    // the first earlier path that shares a method is the earliest first holder of one of this path's
    // methods: found per method, not by comparing every pair (a shape can have thousands of paths)
    const firstWith = new Map<string, number>();
    for (const m of own[0]!) firstWith.set(m, 0);
    for (let i = 1; i < keys.length; i++) {
      let j: number | undefined;
      for (const m of own[i]!) {
        const first = firstWith.get(m);
        if (first !== undefined && (j === undefined || first < j)) j = first;
      }
      const shared = j === undefined ? [] : methods.filter((m) => own[i]!.has(m) && own[j!]!.has(m));
      pairs.push({ key: keys[i]!, other: keys[j ?? 0]!, shared, resolved: found[i] !== undefined && found[j ?? 0] !== undefined });
      for (const m of own[i]!) if (!firstWith.has(m)) firstWith.set(m, i);
    }
  }
  return pairs;
}
