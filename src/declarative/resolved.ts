import { refOf, resolveRef, type LoadedDocument } from '../load/refs.js';

/**
 * The document as Spectral's resolver gives it to functions: every `$ref` replaced by what it names
 * (in whichever file), a cycle kept as a cycle. A read-only view made as it is read: an object is
 * given as a proxy whose properties resolve on access, one proxy per object (a definition used from
 * many places is the same object each time, as in Spectral's resolved document). A function given
 * the whole document (`given: $`) that reads its `paths` pays for those alone, not for a copy of the
 * document with every `$ref` expanded. Writes are refused: the view stands on the parsed document,
 * which the other rules read.
 */
export function resolvedView(doc: LoadedDocument): (value: unknown, uri: string) => unknown {
  let view = views.get(doc);
  if (!view) {
    const proxies = new WeakMap<object, object>();
    view = (value, uri) => resolveValue(doc, proxies, value, uri);
    views.set(doc, view);
  }
  return view;
}

const views = new WeakMap<LoadedDocument, (value: unknown, uri: string) => unknown>();

function resolveValue(doc: LoadedDocument, proxies: WeakMap<object, object>, value: unknown, uri: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  let current: unknown = value;
  let at = uri;
  for (let hops = 0; hops < 16; hops++) {
    const ref = refOf(current);
    if (ref === undefined) break;
    const target = resolveRef(doc, at, ref);
    if (!target.ok) break; // Spectral leaves an unresolvable $ref as it is
    current = target.value;
    at = target.source.uri;
  }
  if (current === null || typeof current !== 'object') return current;
  const known = proxies.get(current);
  if (known) return known;
  const file = at;
  const own = (target: object, key: string | symbol) => typeof key === 'string' && Object.prototype.hasOwnProperty.call(target, key);
  const proxy = new Proxy(current, {
    get(target, key) {
      const v = Reflect.get(target, key);
      return own(target, key) ? resolveValue(doc, proxies, v, file) : v;
    },
    getOwnPropertyDescriptor(target, key) {
      const d = Reflect.getOwnPropertyDescriptor(target, key);
      if (d && 'value' in d && own(target, key)) d.value = resolveValue(doc, proxies, d.value, file);
      return d;
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
    setPrototypeOf: () => false,
    preventExtensions: () => false,
  });
  proxies.set(current, proxy);
  return proxy;
}
