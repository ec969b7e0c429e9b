import type { FormatKinds, Kind } from './shape.js';
import type { JsonObject, Node } from './rule.js';
import { splitRef, resolveRef, type LoadedDocument } from '../load/refs.js';
import type { Source } from '../load/source.js';
import { LazyNode } from './node.js';
import { isObject } from '../json.js';

export type WalkHandler = (value: unknown, node: Node) => void;

/** Handlers by kind (`Operation`, `Operation:exit`, `Description`, `Ref`). */
export type HandlerTable = Map<string, WalkHandler[]>;


class RefNode extends LazyNode {
  constructor(value: unknown, source: Source, key: string, parent: Node | undefined, via: string | undefined, pointer: string[] | undefined, readonly refKind: string) {
    super('Ref', value, source, key, parent, via, pointer);
  }
}

/**
 * The one traversal of a document, by its format's table of kinds. Iterative, so a deeply nested document cannot overflow the stack.
 * A `{ $ref }` fires `Ref`; a local target is visited where it is defined, an external one (another
 * file) once, at its first use, with the kind of the place that uses it. A path item that an API path
 * takes by a local `$ref` (`paths: {/orders: {$ref: '#/components/pathItems/Orders'}}`) is visited
 * where the API serves it, under that path (its first), and not again where it is defined: its
 * operations are the path's. An object met twice (a YAML alias, a file `$ref`'d from two places) is
 * visited once, which also bounds alias bombs.
 */
export function walk(doc: LoadedDocument, kinds: FormatKinds, handlers: HandlerTable): void {
  const step = walker(doc, kinds, handlers);
  while (!step(Infinity));
}

const none: readonly WalkHandler[] = [];

/**
 * Where a walk of one subtree of the root document starts (an editor's re-lint of the edited part):
 * the node's kind, value, key, pointer and its parent as the whole walk would have made it.
 */
export interface WalkStart {
  kind: Kind;
  value: unknown;
  key: string;
  pointer: string[];
  parent: Node | undefined;
}

/**
 * The same traversal, resumable: each call of the returned `step` visits at most `frames` nodes and
 * says whether the walk is done. The explicit stack is what makes this cheap: an editor's run can
 * pause between chunks, let the event loop deliver a newer edit, and stop (see `runRulesAsync`).
 */
export function walker(doc: LoadedDocument, kinds: FormatKinds, handlers: HandlerTable, start?: WalkStart): (frames: number) => boolean {
  const { childSpec, described, referable } = kinds;
  const root = doc.root;
  if (!isObject(root.value)) return () => true;
  const keywordRefs: ReadonlySet<string> = kinds.refKeywordKinds?.(root.value) ?? new Set<string>();
  // Without aliases and other files, every object sits at one place in one tree: nothing is met
  // twice, and the set of visited objects (a hash per object) can be left out.
  let shared = doc.sources.size > 1;
  for (const s of doc.sources.values()) if (s.aliases > 0) shared = true;
  const visited = shared ? new Set<object>() : undefined;
  const served = servedByRef(doc, kinds);
  // the handler lists looked up once per kind, not per node (and no `kind + ':exit'` string per node)
  const onEnter = new Map<string, readonly WalkHandler[]>();
  const onExit = new Map<string, readonly WalkHandler[]>();
  for (const [kind, list] of handlers) {
    if (kind.endsWith(':exit')) onExit.set(kind.slice(0, -':exit'.length), list);
    else onEnter.set(kind, list);
  }
  // Rules that only look at the whole document (a Spectral ruleset's, whose JSONPaths run from the
  // root) need no node below it: on a 3 MB document the descent alone is some 50 ms.
  const rootOnly = [...onEnter.keys(), ...onExit.keys()].every((kind) => kind === kinds.root);
  const refHandlers = onEnter.get('Ref') ?? none;
  const descriptionHandlers = onEnter.get('Description') ?? none;
  // Entered nodes and their exits on one stack: `exits[i]` tells which a slot holds.
  const stack: LazyNode[] = [];
  const exits: boolean[] = [];

  // A `$ref` to another file is followed here, in a loop, not by recursion: a chain of files that are
  // each only a `$ref` (`b.yaml: {$ref: c.yaml}`, `c.yaml: {$ref: b.yaml}`) would otherwise recurse for
  // ever. `chain` holds the `$ref` objects of the current run: meeting one again closes a cycle, whose
  // last `$ref` has fired `Ref` (ref-resolves reports the cycle there) and is not followed. Another
  // file's target is visited here, at its first use; a local one where it is defined.
  const enter = (kind: string, value: unknown, source: Source, key: string, parent: Node | undefined, via: string | undefined, pointer?: string[]) => {
    let chain: Set<object> | undefined;
    let fromPath = false;
    // JSON Schema 2020-12 schemas met on the way: a `$ref` there is one keyword, and the schema's
    // others are visited too, after its target (as the recursion this loop replaced ordered them);
    // made only when there is one: this runs for every child the table names, scalars included
    let keywords: LazyNode[] | undefined;
    for (;;) {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || visited?.has(value)) break;
      const ref = (value as Record<string, unknown>)['$ref'];
      if (typeof ref === 'string' && referable.has(kind)) {
        const refNode = new RefNode(value, source, key, parent, via, pointer, kind);
        for (let i = 0; i < refHandlers.length; i++) refHandlers[i]!(ref, refNode);
        if (keywordRefs.has(kind)) {
          visited?.add(value);
          (keywords ??= []).push(new LazyNode(kind as Kind, value, source, key, parent, via, pointer));
        }
        // a local target is visited where it is defined, except a path item an API path serves by
        // `$ref`: that one here, at its first serving path
        const local = splitRef(source.uri, ref).uri === source.uri;
        if (local && (served.targets.size === 0 || !isServingPlace(parent))) break;
        (chain ??= new Set()).add(value);
        const target = resolveRef(doc, source.uri, ref);
        if (!target.ok || (isObject(target.value) && chain.has(target.value))) break;
        if (local) {
          if (!isObject(target.value) || !served.targets.has(target.value) || served.entered.has(target.value)) break;
          served.entered.add(target.value);
          fromPath = true;
        }
        value = target.value;
        source = target.source;
        key = target.pointer[target.pointer.length - 1] ?? '';
        parent = refNode;
        via = undefined;
        pointer = target.pointer;
        continue;
      }
      // a served path item met where it is defined as one: visited at its path instead (a schema a path
      // names by mistake is still a schema where it is defined)
      if (!fromPath && served.targets.size > 0 && served.targets.get(value) === kind) break;
      visited?.add(value);
      stack.push(new LazyNode(kind as Kind, value, source, key, parent, via, pointer));
      exits.push(false);
      break;
    }
    if (keywords === undefined) return;
    for (let i = keywords.length - 1; i >= 0; i--) {
      stack.push(keywords[i]!);
      exits.push(false);
    }
  };

  /** Whether a node is the object of the API paths (a `$ref` below it serves a path). */
  const isServingPlace = (parent: Node | undefined): boolean => parent !== undefined && parent.source === root && sameSegments(parent.pointer, kinds.pathItems);

  if (start) enter(start.kind, start.value, root, start.key, start.parent, undefined, start.pointer);
  else enter(kinds.root, root.value, root, '', undefined, undefined, []);
  return (frames) => {
    for (let n = 0; n < frames && stack.length > 0; n++) step();
    return stack.length === 0;
  };

  function step(): void {
    const node = stack.pop()!;
    const kind: string = node.kind;
    if (exits.pop()) {
      const list = onExit.get(kind);
      if (list) for (let i = 0; i < list.length; i++) list[i]!(node.value, node);
      return;
    }
    const value = node.value as JsonObject;
    // indexed loops, not for-of: run per node, and a cold run interprets them before V8 optimises
    const list = onEnter.get(kind);
    if (list) for (let i = 0; i < list.length; i++) list[i]!(value, node);
    stack.push(node);
    exits.push(true);
    if (rootOnly) return;
    if (descriptionHandlers.length > 0 && typeof value['description'] === 'string' && described.has(kind)) {
      const description = new LazyNode('Description', value['description'], node.source, 'description', node, undefined);
      for (let i = 0; i < descriptionHandlers.length; i++) descriptionHandlers[i]!(description.value, description);
    }
    // children are pushed in document order and the pushed run reversed, so they pop in document order
    const from = stack.length;
    const source = node.source;
    for (const key in value) {
      const spec = childSpec(kind, key);
      if (!spec) continue;
      const child = value[key];
      if ('one' in spec) enter(spec.one, child, source, key, node, undefined);
      else if ('list' in spec || ('oneOrList' in spec && Array.isArray(child))) {
        if (!Array.isArray(child)) continue;
        const itemKind = 'list' in spec ? spec.list : spec.oneOrList;
        for (let i = 0; i < child.length; i++) enter(itemKind, child[i], source, String(i), node, key);
      } else if ('oneOrList' in spec) enter(spec.oneOrList, child, source, key, node, undefined);
      else if (isObject(child)) {
        for (const name in child) enter(spec.map, child[name], source, name, node, key);
      }
    }
    for (let i = from, j = stack.length - 1; i < j; i++, j--) {
      const t = stack[i]!;
      stack[i] = stack[j]!;
      stack[j] = t;
      // exits[i..j] are all false: children only
    }
  }
}

/** The path items API paths take by a local `$ref`, found before the walk: where they are defined, the walk passes them by. */
interface Served {
  /** The `$ref`'d path items (not themselves an API path's own), with the kind their serving place gives them. */
  targets: ReadonlyMap<object, string>;
  /** Those already entered (at their first serving path). */
  entered: Set<object>;
}

function servedByRef(doc: LoadedDocument, kinds: FormatKinds): Served {
  const targets = new Map<object, string>();
  const root = doc.root;
  const at = kinds.pathItems;
  let paths: unknown = root.value;
  for (const segment of at) paths = isObject(paths) ? paths[segment] : undefined;
  if (!isObject(paths)) return { targets, entered: new Set() };
  // the API paths that are a local `$ref` (most documents have none) whose place the walk enters as a referable kind
  const refs: Array<{ ref: string; kind: string }> = [];
  for (const key in paths) {
    const item = paths[key];
    if (!isObject(item) || typeof item['$ref'] !== 'string' || splitRef(root.uri, item['$ref']).uri !== root.uri) continue; // another file's: visited at its first use anyway
    const place = kinds.kindAt(root.value, kinds.root, [...at, key]);
    if (place && kinds.referable.has(place.kind)) refs.push({ ref: item['$ref'], kind: place.kind });
  }
  if (refs.length === 0) return { targets, entered: new Set() };
  // another path's own item (`/a: {$ref: '#/paths/~1b'}`) is served at its own path
  const own = new Set<unknown>(Object.values(paths));
  for (const { ref, kind } of refs) {
    const target = resolveRef(doc, root.uri, ref);
    if (!target.ok || !isObject(target.value) || target.source !== root || own.has(target.value)) continue;
    // a place the format names as another kind (a schema under definitions) is no path item: the
    // finding is the misplaced $ref's (schema-valid), not a path item's without parameters or operations
    const defined = kinds.kindAt(root.value, kinds.root, target.pointer);
    if (defined && defined.kind !== kind) continue;
    targets.set(target.value, kind);
  }
  return { targets, entered: new Set() };
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
