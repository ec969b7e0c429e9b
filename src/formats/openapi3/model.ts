// One walk of an OpenAPI 3 document, across the files its `$ref`s reach: every object of a kind the
// specification names, once per place (a component named from ten operations is one node), and every
// `$ref` with what it names. The checks read this instead of walking again.
import { isObject } from '../../json.js';
import { parsePointer } from '../../load/pointer.js';
import { followRefs, resolveRef, splitRef, type LoadedDocument, type RefTarget } from '../../load/refs.js';
import type { Source } from '../../load/source.js';
import { childSpec, type ObjectKind as Kind } from './kinds.js';
import { jsonSchema2020, openapiVersion, type OpenApiVersion } from './version.js';

export type Json = Record<string, unknown>;

export interface Place {
  source: Source;
  pointer: string[];
}

export interface Visited extends Place {
  kind: Kind;
  value: Json;
}

export interface RefSite extends Place {
  ref: string;
  /** The kind its place expects. */
  kind: Kind;
  target: RefTarget;
}

export interface Model {
  doc: LoadedDocument;
  version: OpenApiVersion;
  root: Json;
  nodes: Visited[];
  refs: RefSite[];
  /** What a value at a place stands for, `$ref`s followed (`undefined` when one does not resolve). */
  deref(place: Place, value: unknown): (Place & { value: unknown }) | undefined;
}

/** Keys below which a value is data, not a schema: an `$id` in an example is not one. */
const dataKeys = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

export function buildModel(doc: LoadedDocument, version: OpenApiVersion): Model {
  const nodes: Visited[] = [];
  const refs: RefSite[] = [];
  const visited = new Map<object, Array<{ kind: Kind; source: Source; pointer: string[] }>>();
  const anchors = jsonSchema2020(version) ? schemaAnchors(doc) : new Map<string, Place>();
  const resolve = (source: Source, ref: string): RefTarget => {
    const direct = resolveRef(doc, source.uri, ref);
    if (direct.ok || version === '3.0') return direct;
    // 3.1: a Schema Object's `$ref` may name an `$id` or an `$anchor`
    const { uri, fragment } = splitRef(source.uri, ref);
    const place = anchors.get(fragment === '' ? uri : `${uri}#${fragment}`) ?? anchors.get(ref);
    if (!place) return direct;
    const value = valueAt(place.source.value, place.pointer);
    return { ok: true, source: place.source, pointer: place.pointer, value };
  };

  // Once per place and kind. Keyed by the value, not by a string of its place: a string per node was
  // most of this walk's time and garbage on a 3 MB document. A value is at one place, unless YAML
  // aliases put it at several: each value keeps the places it was visited at.
  const firstVisit = (kind: Kind, value: object, source: Source, pointer: string[]): boolean => {
    const places = visited.get(value);
    if (!places) {
      visited.set(value, [{ kind, source, pointer }]);
      return true;
    }
    if (places.some((p) => p.kind === kind && p.source === source && samePointer(p.pointer, pointer))) return false;
    places.push({ kind, source, pointer });
    return true;
  };
  // Depth-first on an explicit stack, in the order a recursive walk would take (children pushed in
  // reverse): a chain of 20,000 schema `$ref`s is as deep as it is long, beyond the call stack. An entry
  // with `body` is a 3.1 Schema whose `$ref` was followed first and whose own keywords come next.
  const stack: Array<{ kind: Kind; value: unknown; source: Source; pointer: string[]; body?: true }> = [{ kind: 'Document', value: doc.root.value, source: doc.root, pointer: [] }];
  while (stack.length > 0) {
    const { kind, value, source, pointer, body } = stack.pop()!;
    if (!isObject(value)) continue;
    if (!body) {
      if (!firstVisit(kind, value, source, pointer)) continue;
      const ref = value['$ref'];
      if (typeof ref === 'string') {
        const target = resolve(source, ref);
        refs.push({ source, pointer, ref, kind, target });
        // 3.0 ignores a Reference Object's siblings; a 3.1 Schema Object's `$ref` is one keyword among others
        if (jsonSchema2020(version) && kind === 'Schema') stack.push({ kind, value, source, pointer, body: true });
        if (target.ok) stack.push({ kind, value: target.value, source: target.source, pointer: target.pointer });
        continue;
      }
    }
    nodes.push({ kind, value, source, pointer });
    const from = stack.length;
    for (const child of Object.keys(value)) {
      const spec = childSpec(kind, child); // only children the kinds table names: data is not visited
      if (!spec) continue;
      const childValue = value[child];
      const at = [...pointer, child];
      if ('one' in spec) stack.push({ kind: spec.one, value: childValue, source, pointer: at });
      else if ('oneOrList' in spec && !Array.isArray(childValue)) stack.push({ kind: spec.oneOrList, value: childValue, source, pointer: at });
      else {
        const member = 'list' in spec ? spec.list : 'map' in spec ? spec.map : spec.oneOrList;
        if (Array.isArray(childValue)) childValue.forEach((memberValue, i) => stack.push({ kind: member, value: memberValue, source, pointer: [...at, String(i)] }));
        else if (isObject(childValue)) for (const name of Object.keys(childValue)) if (!name.startsWith('x-')) stack.push({ kind: member, value: childValue[name], source, pointer: [...at, name] });
      }
    }
    // document order: the first child pushed is popped first
    for (let i = from, j = stack.length - 1; i < j; i++, j--) [stack[i], stack[j]] = [stack[j]!, stack[i]!];
  }

  return {
    doc,
    version,
    root: doc.root.value as Json,
    nodes,
    refs,
    deref(place, value) {
      if (!isObject(value) || typeof value['$ref'] !== 'string') return { ...place, value };
      const first = resolve(place.source, value['$ref']);
      if (!first.ok) return undefined;
      const target = followRefs(doc, first.source, first.pointer, first.value);
      return target.ok ? { source: target.source, pointer: target.pointer, value: target.value } : undefined;
    },
  };
}

function samePointer(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

function valueAt(value: unknown, pointer: readonly string[]): unknown {
  let at = value;
  for (const key of pointer) at = isObject(at) || Array.isArray(at) ? (at as Json)[key] : undefined;
  return at;
}

/**
 * 3.1: where each `$id` and `$anchor` of a Schema Object is, keyed by the URI a `$ref` would use:
 * `<base>#<anchor>` and the `$id` resolved against its file (nested `$id`s resolve against the file too,
 * which covers the common absolute `$id`s).
 */
function schemaAnchors(doc: LoadedDocument): Map<string, Place> {
  const found = new Map<string, Place>();
  for (const source of doc.sources.values()) {
    // an explicit stack, not recursion: nesting is as deep as a document makes it (children pushed
    // last to first, so they are met in document order: a repeated `$id` keeps the last, as before)
    const stack: Array<{ value: unknown; pointer: string[]; base: string }> = [{ value: source.value, pointer: [], base: source.uri }];
    while (stack.length > 0) {
      const { value, pointer, base } = stack.pop()!;
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], pointer: [...pointer, String(i)], base });
        continue;
      }
      if (!isObject(value)) continue;
      let here = base;
      const id = value['$id'];
      if (typeof id === 'string' && !pointer.some((p) => dataKeys.has(p))) {
        here = absolute(base, id);
        found.set(here, { source, pointer });
        found.set(id, { source, pointer });
      }
      for (const anchor of [value['$anchor'], value['$dynamicAnchor']]) {
        if (typeof anchor === 'string') found.set(`${here}#${anchor}`, { source, pointer });
      }
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], pointer: [...pointer, entries[i]![0]], base: here });
    }
  }
  return found;
}

function absolute(base: string, id: string): string {
  try {
    return new URL(id, /^[a-z][a-z0-9+.-]*:/i.test(base) ? base : `file://${base}`).href.replace(/#$/, '');
  } catch {
    return id;
  }
}

/** The pointer of a `$ref` fragment, for checks that must tell a pointer from an anchor. */
export function isPointerFragment(ref: string): boolean {
  const hash = ref.indexOf('#');
  return hash === -1 || parsePointer(ref.slice(hash + 1)) !== undefined;
}

const models = new WeakMap<LoadedDocument, Model | null>();

/**
 * The model of a loaded document, built once however many rules ask; `undefined` when its version is
 * not one swaglint checks (openapi-version's one finding).
 */
export function modelOf(doc: LoadedDocument): Model | undefined {
  let model = models.get(doc);
  if (model === undefined) {
    const version = openapiVersion(doc.root.value);
    model = version.ok ? buildModel(doc, version.version) : null;
    models.set(doc, model);
  }
  return model ?? undefined;
}
