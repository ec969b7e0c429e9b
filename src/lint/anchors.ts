// JSON Schema 2019-09 and later (OpenAPI 3.1's Schema Object): a `$ref` may name a schema by its `$id`
// or `$anchor` instead of a JSON pointer. The rule context resolves those through this index, built
// once per document on the first `$ref` that no pointer resolves: a document whose `$ref`s are all
// pointers is never scanned for them.
import { isObject } from '../json.js';
import { refUri, type LoadedDocument, type RefTarget } from '../load/refs.js';
import type { Source } from '../load/source.js';

interface Place {
  source: Source;
  pointer: string[];
}

/** Keys below which a value is data, not a schema: an `$id` in an example is not one. */
const dataKeys = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

const indexes = new WeakMap<LoadedDocument, Map<string, Place>>();

/** What `ref` (written in `fromUri`) names by an `$id` or `$anchor`; `undefined` when none. */
export function resolveAnchor(doc: LoadedDocument, fromUri: string, ref: string): RefTarget | undefined {
  let index = indexes.get(doc);
  if (!index) indexes.set(doc, (index = anchorsOf(doc)));
  const { uri, fragment } = refUri(doc, fromUri, ref);
  const place = index.get(fragment === '' ? uri : `${uri}#${fragment}`) ?? index.get(ref);
  if (!place) return undefined;
  return { ok: true, source: place.source, pointer: place.pointer, value: valueAt(place.source.value, place.pointer) };
}

/**
 * Where each `$id` and `$anchor` is, keyed by the URI a `$ref` would use: `<base>#<anchor>` and the
 * `$id` resolved against its file (nested `$id`s resolve against the file too, which covers the common
 * absolute `$id`s). An explicit stack: a deep document cannot overflow it.
 */
function anchorsOf(doc: LoadedDocument): Map<string, Place> {
  const found = new Map<string, Place>();
  for (const source of doc.sources.values()) {
    // a file's own base URI where it names one (OpenAPI 3.2's `$self`): its `$id`s resolve against it
    const base = doc.bases?.get(source.uri) ?? source.uri;
    const stack: Array<{ value: unknown; pointer: string[]; base: string; data: boolean }> = [{ value: source.value, pointer: [], base, data: false }];
    const seen = new Set<object>(); // YAML aliases: an object is scanned once
    while (stack.length > 0) {
      const { value, pointer, base, data } = stack.pop()!;
      if (value === null || typeof value !== 'object' || seen.has(value)) continue;
      seen.add(value);
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], pointer: [...pointer, String(i)], base, data });
        continue;
      }
      if (!isObject(value)) continue;
      let here = base;
      const id = value['$id'];
      if (typeof id === 'string' && !data) {
        here = absolute(base, id);
        found.set(here, { source, pointer });
        found.set(id, { source, pointer });
      }
      for (const anchor of [value['$anchor'], value['$dynamicAnchor']]) {
        if (typeof anchor === 'string') found.set(`${here}#${anchor}`, { source, pointer });
      }
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({ value: value[key], pointer: [...pointer, key], base: here, data: data || dataKeys.has(key) });
      }
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

function valueAt(value: unknown, pointer: readonly string[]): unknown {
  let at = value;
  for (const key of pointer) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}
