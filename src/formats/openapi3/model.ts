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
  const visit = (kind: Kind, value: unknown, source: Source, pointer: string[]): void => {
    if (!isObject(value) || !firstVisit(kind, value, source, pointer)) return;
    const ref = value['$ref'];
    if (typeof ref === 'string') {
      const target = resolve(source, ref);
      refs.push({ source, pointer, ref, kind, target });
      if (target.ok) visit(kind, target.value, target.source, target.pointer);
      // 3.0 ignores a Reference Object's siblings; a 3.1 Schema Object's `$ref` is one keyword among others
      if (!(jsonSchema2020(version) && kind === 'Schema')) return;
    }
    nodes.push({ kind, value, source, pointer });
    for (const child of Object.keys(value)) {
      const spec = childSpec(kind, child); // only children the kinds table names: data is not visited
      if (!spec) continue;
      const childValue = value[child];
      const at = [...pointer, child];
      if ('one' in spec) visit(spec.one, childValue, source, at);
      else if ('oneOrList' in spec && !Array.isArray(childValue)) visit(spec.oneOrList, childValue, source, at);
      else {
        const member = 'list' in spec ? spec.list : 'map' in spec ? spec.map : spec.oneOrList;
        if (Array.isArray(childValue)) childValue.forEach((memberValue, i) => visit(member, memberValue, source, [...at, String(i)]));
        else if (isObject(childValue)) for (const name of Object.keys(childValue)) if (!name.startsWith('x-')) visit(member, childValue[name], source, [...at, name]);
      }
    }
  };
  visit('Document', doc.root.value, doc.root, []);

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
    const walk = (value: unknown, pointer: string[], base: string): void => {
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, [...pointer, String(i)], base));
      if (!isObject(value)) return;
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
      for (const [key, child] of Object.entries(value)) walk(child, [...pointer, key], here);
    };
    walk(source.value, [], source.uri);
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
