// What a path addresses, judged from the whole `paths` object: a collection (`/orders`, which some path
// indexes with a parameter, or whose GET returns an array), a member (`/orders/{order_id}`) or a
// singleton (`/orders/{order_id}/status`, `/health`). Built once per rule in its `Paths` visitor.
import pluralize from 'pluralize';
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { parsePath, pathShape, type Segment } from './path-parser.js';
import { isObject, resolveChild } from './resolve.js';

export type PathKind = 'collection' | 'member' | 'singleton' | 'unknown';

/** A segment that holds an identifier: `{id}`, or `{id}.json` and `{a};{b}`, which start with one. */
export function holdsId(segment: Segment | undefined): boolean {
  return segment !== undefined && (segment.kind === 'param' || (segment.kind === 'mixed' && segment.text.startsWith('{')));
}

/** `{path}`, `{filepath}` take the rest of a path (`/proxy/{path}`): no member's identifier. */
function isSubPath(segment: Segment): boolean {
  return /path$/i.test(segment.params[0] ?? '');
}

const plurals = new Map<string, boolean>(); // a memo of a pure function: pluralize runs dozens of patterns per word

/** Plural and not uncountable (`orders`, `people`; not `order`, `data`, `health`). */
export function isPluralWord(word: string): boolean {
  let plural = plurals.get(word);
  if (plural === undefined) plurals.set(word, (plural = pluralize.isPlural(word) && !pluralize.isSingular(word)));
  return plural;
}

/**
 * Indexes by `paths` object: every path rule needs the parsed paths (Kubernetes: 1,100 of them), so
 * they share one index, which lives exactly as long as the document's `paths` object.
 */
const indexes = new WeakMap<object, PathIndex>();

export class PathIndex {
  /** The index of a `paths` object, built on first use and shared by the rules that ask. */
  static of(paths: Record<string, unknown>): PathIndex {
    let index = indexes.get(paths);
    if (!index) indexes.set(paths, (index = new PathIndex(paths)));
    return index;
  }

  private readonly parsed = new Map<string, Segment[]>();
  /** Shapes of literal prefixes that some path continues with an identifier (`/orders` from `/orders/{id}`). */
  private readonly indexed = new Set<string>();

  private constructor(paths: Record<string, unknown>) {
    for (const key of Object.keys(paths)) {
      if (!key.startsWith('/')) continue;
      const segments = parsePath(key);
      this.parsed.set(key, segments);
      segments.forEach((s, i) => {
        if (i > 0 && holdsId(s) && !isSubPath(s) && segments[i - 1]!.kind === 'literal') this.indexed.add(pathShape(segments.slice(0, i)));
      });
    }
  }

  segments(key: string): Segment[] {
    return this.parsed.get(key) ?? parsePath(key);
  }

  private readonly shapes = new Map<string, string[]>();

  /** `pathShape` of each prefix of `key`'s segments (element `i`: segments 0 to i), computed once per key. */
  prefixShapes(key: string): string[] {
    let shapes = this.shapes.get(key);
    if (!shapes) {
      shapes = [];
      let shape = '';
      for (const segment of this.segments(key)) shapes.push((shape += pathShape([segment])));
      this.shapes.set(key, shapes);
    }
    return shapes;
  }

  /** Whether segment `i` of `key` is followed, in some path, by a parameter: it names a collection. */
  isIndexed(key: string, i: number): boolean {
    const shape = this.prefixShapes(key)[i];
    return shape !== undefined && this.indexed.has(shape);
  }

  /**
   * What the path addresses. A path of parameters only (`/{organization}/{project}`) is a scope, not
   * a member of anything: unknown. `item` is the resolved path item, for the GET-returns-array test.
   */
  kind(ctx: RuleContext, key: string, item: Node): PathKind {
    const segments = this.segments(key);
    const last = segments.length - 1;
    if (last < 0) return 'unknown';
    if (holdsId(segments[last])) {
      if (isSubPath(segments[last]!)) return 'unknown';
      return segments.some((s) => s.kind === 'literal') ? 'member' : 'unknown';
    }
    if (segments[last]!.kind !== 'literal') return 'unknown';
    return this.isIndexed(key, last) || returnsArray(ctx, item) ? 'collection' : 'singleton';
  }
}

/** Whether the path item's GET documents a success response whose schema is an array. */
export function returnsArray(ctx: RuleContext, item: Node): boolean {
  const responses = resolveChild(ctx, item, ['get', 'responses']);
  if (!responses) return false;
  const code = ['200', ...Object.keys(responses.value).filter((c) => /^2\d\d$/.test(c)).sort()].find((c) => isObject(responses.value[c]));
  if (!code) return false;
  const schema = resolveChild(ctx, responses, [code, 'schema']);
  return schema?.value['type'] === 'array';
}
