// What a path addresses, judged from the whole `paths` object: a collection (`/orders`, which some path
// indexes with a parameter, or whose GET returns an array), a member (`/orders/{order_id}`) or a
// singleton (`/orders/{order_id}/status`, `/health`). Built once per rule in its `Paths` visitor.
import * as plurals from './plurals.js';
import type { JsonObject, Node, RuleContext } from '../../src/lint/rule.js';
import { parsePath, pathShape, type Segment } from './path-parser.js';
import { isObject, resolveChild } from './resolve.js';
import { requestSchema, responseSchema, schemaKeys } from './body-schemas.js';
import { versionChecked } from './openapi3.js';

export type PathKind = 'collection' | 'member' | 'singleton' | 'unknown';

/** A segment that holds an identifier: `{id}`, or `{id}.json` and `{a};{b}`, which start with one. */
export function holdsId(segment: Segment | undefined): boolean {
  return segment !== undefined && (segment.kind === 'param' || (segment.kind === 'mixed' && segment.text.startsWith('{')));
}

/** `{path}`, `{filepath}` take the rest of a path (`/proxy/{path}`): no member's identifier. */
function isSubPath(segment: Segment): boolean {
  return /path$/i.test(segment.params[0] ?? '');
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'query']);

/** A path item's methods, lower-case: its method fields and (OpenAPI 3.2) the keys of `additionalOperations`. */
function declaredMethods(item: Record<string, unknown>): string[] {
  const out = Object.keys(item).filter((m) => httpMethods.has(m));
  const more = item['additionalOperations'];
  if (isObject(more)) for (const m of Object.keys(more)) if (!m.startsWith('x-')) out.push(m.toLowerCase());
  return out;
}
const noMethods: ReadonlySet<string> = new Set();
const noSegments: readonly Segment[] = [];

/** Plural and not uncountable (`orders`, `people`; not `order`, `data`, `health`). */
export function isPluralWord(word: string): boolean {
  return plurals.isPlural(word) && !plurals.isSingular(word);
}

/**
 * Indexes by `paths` object: every path rule needs the parsed paths (Kubernetes: 1,100 of them), so
 * they share one index, which lives exactly as long as the document's `paths` object.
 */
const indexes = new WeakMap<object, PathIndex>();

export class PathIndex {
  /**
   * The index of the `paths` object the walk hands a rule's `Paths` visitor, built on first use and
   * shared by the rules that ask. On OpenAPI 3 a path's item is read where its `$ref` (to
   * components/pathItems, another file) leads, so its methods count; Swagger 2.0's are read as written.
   */
  static of(paths: Node<JsonObject>, ctx: RuleContext): PathIndex {
    let index = indexes.get(paths.value);
    if (!index) indexes.set(paths.value, (index = new PathIndex(ctx.format.id === 'openapi3' && versionChecked(ctx) ? servedItems(ctx, paths) : paths.value)));
    return index;
  }

  private readonly parsed = new Map<string, Segment[]>();
  /** Shapes of literal prefixes that some path continues with an identifier (`/orders` from `/orders/{id}`). */
  private readonly indexed = new Set<string>();
  /** The identifier segments that follow each indexed prefix (`{order_id}` after `/orders`). */
  private readonly indexParams = new Map<string, Segment[]>();
  /** The texts of `indexParams`' segments per place: a document of thousands of parameters under one place is looked through once. */
  private readonly indexParamTexts = new Map<string, Set<string>>();
  /** Per parameter name, the last words of the literal segments it follows (`user` and `users` for `{user}`). */
  private readonly literalsBeforeParam = new Map<string, Set<string>>();
  /** HTTP methods declared per path shape, united over the paths of that shape. */
  private readonly methodsByShape = new Map<string, Set<string>>();
  /** The keys of the paths of each shape. */
  private readonly keysByShape = new Map<string, string[]>();
  /** The literal segments that follow each prefix shape in some path (`lines`, `status` after `/orders/{}`). */
  private readonly childLiterals = new Map<string, Map<string, Segment>>();
  /** Per prefix shape, how many longer paths through it declare methods (what lies below a segment). */
  private readonly operatedBelow = new Map<string, number>();
  /** Every path key of the document, in order (for document-wide style). */
  readonly keys: string[] = [];

  private constructor(paths: Record<string, unknown>) {
    for (const key of Object.keys(paths)) {
      if (!key.startsWith('/')) continue;
      const segments = parsePath(key);
      this.parsed.set(key, segments);
      const item = paths[key];
      const shapes = this.prefixShapes(key); // built once per key, each prefix from the one before
      const shape = shapes[shapes.length - 1] ?? '/';
      if (shapes.length > 0) {
        const same = this.keysByShape.get(shape);
        if (same) same.push(key);
        else this.keysByShape.set(shape, [key]);
      }
      const methods = this.methodsByShape.get(shape) ?? new Set<string>();
      const declared = isObject(item) ? declaredMethods(item) : [];
      for (const m of declared) methods.add(m);
      this.methodsByShape.set(shape, methods);
      this.keys.push(key);
      if (declared.length > 0) for (const prefix of shapes.slice(0, -1)) this.operatedBelow.set(prefix, (this.operatedBelow.get(prefix) ?? 0) + 1);
      segments.forEach((s, i) => {
        const prefix = i === 0 ? '/' : shapes[i - 1]!;
        if (s.kind === 'literal') {
          const children = this.childLiterals.get(prefix) ?? new Map<string, Segment>();
          children.set(s.text, s);
          this.childLiterals.set(prefix, children);
        }
        if (i > 0 && holdsId(s) && !isSubPath(s) && segments[i - 1]!.kind === 'literal') {
          this.indexed.add(prefix);
          // one entry per distinct parameter: thousands of paths through one place name the same few
          const texts = this.indexParamTexts.get(prefix);
          if (!texts) {
            this.indexParamTexts.set(prefix, new Set([s.text]));
            this.indexParams.set(prefix, [s]);
          } else if (!texts.has(s.text)) {
            texts.add(s.text);
            this.indexParams.get(prefix)!.push(s);
          }
          const word = segments[i - 1]!.words.at(-1)?.text;
          const name = s.kind === 'param' ? s.params[0] : undefined;
          if (word !== undefined && name !== undefined) this.literalsBeforeParam.set(name, (this.literalsBeforeParam.get(name) ?? new Set<string>()).add(word));
        }
      });
    }
  }

  /** Lower-case HTTP methods of the path made of segments 0 to `i` of `key`, if it is a path of the document. */
  methodsAt(key: string, i: number): ReadonlySet<string> {
    return this.methodsByShape.get(this.prefixShapes(key)[i] ?? '') ?? noMethods;
  }

  /** The keys of the paths whose shape is that of segments 0 to `i` of `key` (`/orders/{id}` for `/orders/{order_id}/lines`, 1). */
  keysAt(key: string, i: number): string[] {
    const shape = this.prefixShapes(key)[i];
    return shape === undefined ? [] : (this.keysByShape.get(shape) ?? []);
  }

  /** How many paths longer than segments 0 to `i` of `key`, through them, declare methods. */
  pathsBelow(key: string, i: number): number {
    return this.operatedBelow.get(this.prefixShapes(key)[i] ?? '') ?? 0;
  }

  /** Whether the document has a path of this shape (`pathShape`). */
  hasShape(shape: string): boolean {
    return this.methodsByShape.has(shape);
  }

  /**
   * The literal segments found where segment `i` of `key` is (under the same prefix), one per text, and
   * which of them is the segment itself: its siblings are the others. The list is shared by every path
   * through that place, so facts about it can be kept once (a place may have thousands of siblings).
   */
  siblingGroup(key: string, i: number): { all: readonly Segment[]; own: Segment | undefined } {
    const prefix = i === 0 ? '/' : this.prefixShapes(key)[i - 1]!;
    const children = this.childLiterals.get(prefix);
    if (!children) return { all: noSegments, own: undefined };
    let all = this.childLists.get(children);
    if (!all) this.childLists.set(children, (all = [...children.values()]));
    const own = this.segments(key)[i]?.text;
    return { all, own: own === undefined ? undefined : children.get(own) };
  }

  private readonly childLists = new WeakMap<Map<string, Segment>, Segment[]>();

  /** The last words of the literal segments that a parameter of this name follows anywhere in the document. */
  literalsIndexedBy(name: string): ReadonlySet<string> {
    return this.literalsBeforeParam.get(name) ?? noMethods;
  }

  /** The identifier segments that follow segment `i` of `key` in some path. */
  indexParamsAt(key: string, i: number): Segment[] {
    return this.indexParams.get(this.prefixShapes(key)[i] ?? '') ?? [];
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
      for (const segment of this.segments(key)) shapes.push((shape += this.segmentShape(segment)));
      this.shapes.set(key, shapes);
    }
    return shapes;
  }

  /** `pathShape` of one segment, per text: a document repeats its segments through thousands of paths. */
  private segmentShape(segment: Segment): string {
    let shape = this.segmentShapes.get(segment.text);
    if (shape === undefined) this.segmentShapes.set(segment.text, (shape = pathShape([segment])));
    return shape;
  }

  private readonly segmentShapes = new Map<string, string>();

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

/** `paths` with each served path item in place of its `$ref`; a key whose `$ref` does not resolve keeps it. */
function servedItems(ctx: RuleContext, paths: Node<JsonObject>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(paths.value).map(([key, item]) => {
      if (!key.startsWith('/')) return [key, item];
      const target = ctx.resolve(ctx.child(paths, key, item, 'PathItem'));
      return [key, target.ok && isObject(target.value) ? target.value : item];
    }),
  );
}

/** The schema of the path item's GET success response (200 first, else the first 2xx), resolved; undefined when it documents none. */
export function getSuccessSchema(ctx: RuleContext, item: Node): Node<JsonObject> | undefined {
  const responses = resolveChild(ctx, item, ['get', 'responses']);
  if (!responses) return undefined;
  const code = ['200', ...Object.keys(responses.value).filter((c) => /^2\d\d$/.test(c)).sort()].find((c) => isObject(responses.value[c]));
  if (!code) return undefined;
  const response = resolveChild(ctx, responses, [code]);
  return response ? resolveChild(ctx, response, schemaKeys(response.value)) : undefined;
}

/** Whether the path item's GET documents a success response whose schema is an array. */
function returnsArray(ctx: RuleContext, item: Node): boolean {
  return getSuccessSchema(ctx, item)?.value['type'] === 'array';
}

/** The `$ref` a schema names, or of its array items when `items` is true; undefined for inline schemas. */
function schemaRef(schema: unknown, items = false): string | undefined {
  if (!isObject(schema)) return undefined;
  if (items) return schema['type'] === 'array' ? schemaRef(schema['items']) : undefined;
  return typeof schema['$ref'] === 'string' ? schema['$ref'] : undefined;
}

/**
 * Whether the path item's POST adds a member to the list its GET reads: the GET returns an array of
 * the schema that the POST takes as its body or returns. A POST that yields something else (a
 * token, a preview, a view URL) adds no member.
 */
export function postAddsMember(item: Node): boolean {
  const value = item.value as Record<string, unknown>;
  const get = value['get'];
  const post = value['post'];
  if (!isObject(get) || !isObject(post)) return false;
  const listed = isObject(get['responses']) ? Object.entries(get['responses']).filter(([c]) => /^2\d\d$/.test(c)).map(([, r]) => schemaRef(responseSchema(r), true)) : [];
  const taken = [schemaRef(requestSchema(post))];
  const returned = isObject(post['responses']) ? Object.entries(post['responses']).filter(([c]) => /^2\d\d$/.test(c)).map(([, r]) => schemaRef(responseSchema(r))) : [];
  const posted = new Set([...taken, ...returned].filter((r): r is string => r !== undefined));
  // the schemas are compared by reference name, as written: no resolution needed
  return listed.some((r) => r !== undefined && posted.has(r));
}
