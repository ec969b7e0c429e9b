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
    const resolver = new Resolver(doc);
    view = (value, uri) => resolver.resolve(value, uri);
    views.set(doc, view);
  }
  return view;
}

const views = new WeakMap<LoadedDocument, (value: unknown, uri: string) => unknown>();

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The proxies of one document. Their traps are made once per file, not per object: `Object.keys`
 * of a proxy asks the descriptor of every key, and a function looping over 4,000 paths made (and
 * named) a closure or two per value it touched.
 */
class Resolver {
  private readonly proxies = new WeakMap<object, object>();
  private readonly traps = new Map<string, ProxyHandler<object>>();

  constructor(private readonly doc: LoadedDocument) {}

  resolve(value: unknown, uri: string): unknown {
    if (value === null || typeof value !== 'object') return value;
    let current: unknown = value;
    let at = uri;
    for (let hops = 0; hops < 16; hops++) {
      const ref = refOf(current);
      if (ref === undefined) break;
      const target = resolveRef(this.doc, at, ref);
      if (!target.ok) break; // Spectral leaves an unresolvable $ref as it is
      current = target.value;
      at = target.source.uri;
    }
    if (current === null || typeof current !== 'object') return current;
    let proxy = this.proxies.get(current);
    if (!proxy) {
      proxy = new Proxy(current, this.trapsFor(at));
      this.proxies.set(current, proxy);
    }
    return proxy;
  }

  /** The traps of the objects of one file: their own values resolve from that file. */
  private trapsFor(file: string): ProxyHandler<object> {
    let traps = this.traps.get(file);
    if (traps) return traps;
    const own = (target: object, key: string | symbol): boolean => typeof key === 'string' && hasOwn.call(target, key);
    traps = {
      get: (target, key) => {
        const v = Reflect.get(target, key);
        return own(target, key) ? this.resolve(v, file) : v;
      },
      getOwnPropertyDescriptor: (target, key) => {
        const d = Reflect.getOwnPropertyDescriptor(target, key);
        if (d && 'value' in d && typeof key === 'string') d.value = this.resolve(d.value, file); // an own key: it has a descriptor
        return d;
      },
      set: () => false,
      defineProperty: () => false,
      deleteProperty: () => false,
      setPrototypeOf: () => false,
      preventExtensions: () => false,
    };
    this.traps.set(file, traps);
    return traps;
  }
}
