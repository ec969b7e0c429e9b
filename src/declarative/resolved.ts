import { refOf, resolveRef, type LoadedDocument } from '../load/refs.js';

/**
 * The document as Spectral's resolver gives it to functions: every `$ref` replaced by what it names
 * (in whichever file), a cycle kept as a cycle. Built lazily, per value a function is given, and
 * memoised per parsed object: a subtree without `$ref`s is given as it is (no copy), and a definition
 * used from many places is made once.
 */
export function resolvedView(doc: LoadedDocument): (value: unknown, uri: string) => unknown {
  let view = views.get(doc);
  if (!view) {
    const memo = new Map<object, unknown>();
    view = (value, uri) => resolveValue(doc, memo, value, uri, 0);
    views.set(doc, view);
  }
  return view;
}

const views = new WeakMap<LoadedDocument, (value: unknown, uri: string) => unknown>();

/** Deeper than this, a value is given as it is: no document nests so deep but a hostile one. */
const maxDepth = 256;
const pending = new WeakMap<object, { copy: Record<string, unknown> | unknown[]; used: boolean }>();

function resolveValue(doc: LoadedDocument, memo: Map<object, unknown>, value: unknown, uri: string, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > maxDepth) return value;
  let current: unknown = value;
  let at = uri;
  for (let hops = 0; hops < 16; hops++) {
    const ref = refOf(current);
    if (ref === undefined) break;
    const target = resolveRef(doc, at, ref);
    if (!target.ok) return current; // Spectral leaves an unresolvable $ref as it is
    current = target.value;
    at = target.source.uri;
  }
  if (current === null || typeof current !== 'object') return current;
  const known = memo.get(current);
  if (known !== undefined) return known;
  const open = pending.get(current);
  if (open) {
    open.used = true; // a cycle: the copy being made stands for itself
    return open.copy;
  }
  const isArray = Array.isArray(current);
  const copy: Record<string, unknown> | unknown[] = isArray ? [] : {};
  const entry = { copy, used: false };
  pending.set(current, entry);
  let changed = false;
  const source = current as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const child = source[key];
    const r = resolveValue(doc, memo, child, at, depth + 1);
    if (r !== child) changed = true;
    // a parsed `__proto__` key is data: defined, never assigned (which would set the prototype);
    // any other key is assigned, many times faster than defining it
    if (key === '__proto__') Object.defineProperty(copy, key, { value: r, enumerable: true, writable: true, configurable: true });
    else (copy as Record<string, unknown>)[key] = r;
  }
  pending.delete(current);
  const result = changed || entry.used ? copy : current;
  memo.set(current, result);
  return result;
}
