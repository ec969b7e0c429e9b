// The engine's vocabulary for a format's shape: the kinds of nodes, which child of a node is which
// kind, where path items live. Each format fills it in (src/formats/<format>/kinds.ts); the walk reads it.

/**
 * Node kinds of every format in the build. Each format's kinds module adds its own names by declaration
 * merging (`declare module '.../lint/shape.js' { interface FormatKindNames { Operation: true } }`), so
 * visitors are typed by the kinds that exist, and a rule written for two formats sees one union.
 */
export interface FormatKindNames {}

/** An object kind of some format in the build (`Operation`, `Schema`, …). */
export type ObjectKindName = Extract<keyof FormatKindNames, string>;

/**
 * `Description` is every description string; `Ref` every `$ref` object at a place that allows one;
 * `Value` a node a rule asked for by pointer (`ctx.nodeAt`), whose kind no walk decided.
 */
export type Kind = ObjectKindName | 'Description' | 'Ref' | 'Value';

/** Which kind of node a child of a node is. */
export type ChildSpec<K extends string = string> =
  | { one: K }
  | { list: K }
  | { map: K; extensions?: boolean }
  /** A schema's `items`: one node or a list of them. */
  | { oneOrList: K };

/**
 * The kind of the node at `pointer` below a node of kind `rootKind` (whose value is `root`), by a
 * format's `childSpec`; `undefined` where the pointer leaves the places the table knows or ends on a
 * container (a list of parameters, a map of definitions). Each format's `kindAt` is this with its table.
 */
export function kindAlong<K extends string>(
  childSpec: (kind: K, key: string) => ChildSpec<K> | undefined,
  root: unknown,
  rootKind: K,
  pointer: readonly string[],
): { kind: K; value: unknown } | undefined {
  let kind = rootKind;
  let value = root;
  const step = (key: string) => {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  };
  for (let i = 0; i < pointer.length; i++) {
    const spec = childSpec(kind, pointer[i]!);
    if (!spec) return undefined;
    step(pointer[i]!);
    if ('one' in spec) kind = spec.one;
    else if ('oneOrList' in spec && !Array.isArray(value)) kind = spec.oneOrList;
    else {
      if (++i === pointer.length) return undefined;
      step(pointer[i]!);
      kind = 'list' in spec ? spec.list : 'map' in spec ? spec.map : spec.oneOrList;
    }
  }
  return { kind, value };
}

/** A format's shape, as the walk reads it. */
export interface FormatKinds<K extends string = string> {
  /** The kind of the document's root. */
  root: K;
  /** The kind of the child at `key` of a node of kind `kind`; undefined where the format has none. */
  childSpec(kind: K, key: string): ChildSpec<K> | undefined;
  /** Kinds whose `description` is Markdown: the walk fires `Description` for them. */
  described: ReadonlySet<K>;
  /** Kinds whose position may hold a `{ $ref }` instead of the object itself. */
  referable: ReadonlySet<K>;
  /**
   * Where the path items live: the pointer (in the root document) of the object whose keys are the
   * API paths (`['paths']`). A finding below one carries its API path, for path-scoped settings.
   */
  pathItems: readonly string[];
  /** The kind of the node at `pointer` below a node of kind `rootKind`, by the table; see Swagger 2.0's `kindAt`. */
  kindAt(root: unknown, rootKind: K, pointer: readonly string[]): { kind: K; value: unknown } | undefined;
  /**
   * The kinds whose `{ $ref }` is one keyword among the object's others, not a reference standing for
   * the whole object, in a document with this root value (OpenAPI 3.1's Schema Object is JSON Schema
   * 2020-12): the walk fires `Ref` and follows it, then visits the object itself too; and their `$id`
   * and `$anchor` name places a `$ref` may use (`ctx.resolve`). None when absent.
   */
  refKeywordKinds?(root: unknown): ReadonlySet<K>;
}

