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

/**
 * The document as written (its `$ref`s left as they are), read-only: what a ruleset's function gets
 * for a `resolved: false` rule and as `context.document.data`. The built-in rules read the parsed
 * document itself, so a function's write (`targetVal.description = ''`, `delete data.paths`) must not
 * reach it: every write is refused (a TypeError in the function, which stops that rule alone). One
 * proxy per object and one set of traps per document: reads cost a trap call, nothing is copied.
 */
export function writtenView(doc: LoadedDocument): (value: unknown) => unknown {
  let view = written.get(doc);
  if (!view) {
    const proxies = new WeakMap<object, object>();
    const wrap = (value: unknown): unknown => {
      if (value === null || typeof value !== 'object') return value;
      let proxy = proxies.get(value);
      if (!proxy) proxies.set(value, (proxy = new Proxy(value, traps)));
      return proxy;
    };
    const traps: ProxyHandler<object> = {
      get: (target, key) => (typeof key === 'string' && hasOwn.call(target, key) ? wrap((target as Record<string, unknown>)[key]) : Reflect.get(target, key)),
      getOwnPropertyDescriptor: (target, key) => {
        const d = Reflect.getOwnPropertyDescriptor(target, key);
        if (d && 'value' in d) d.value = wrap(d.value);
        return d;
      },
      ...refused,
    };
    view = wrap;
    written.set(doc, view);
  }
  return view;
}

const written = new WeakMap<LoadedDocument, (value: unknown) => unknown>();

/** The traps that refuse every change: the views stand on the parsed document the other rules read. */
const refused: ProxyHandler<object> = {
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false,
  setPrototypeOf: () => false,
  preventExtensions: () => false,
};

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The proxies of one document. Their traps are made once per file, not per object: `Object.keys`
 * of a proxy asks the descriptor of every key, and a function looping over 4,000 paths made (and
 * named) a closure or two per value it touched.
 */
class Resolver {
  private readonly proxies = new WeakMap<object, object>();
  private readonly unsettled = new WeakMap<object, object>();
  private readonly traps = new Map<string, ProxyHandler<object>>();

  constructor(private readonly doc: LoadedDocument) {}

  resolve(value: unknown, uri: string): unknown {
    return value === null || typeof value !== 'object' ? value : this.resolveObject(value, uri);
  }

  /**
   * A `$ref` object's proxy is kept under it as well as under its target: it always resolves the
   * same way (from its own file), and a document names its definitions from thousands of places.
   * A chain of `$ref`s longer than the hops allowed (a loop of them) ends on a `$ref` object, whose
   * proxy is kept apart: read directly, that object would resolve on from itself.
   */
  private resolveObject(value: object, uri: string): unknown {
    const known = this.proxies.get(value);
    if (known !== undefined) return known;
    let current: unknown = value;
    let at = uri;
    let settled = false;
    for (let hops = 0; hops < 16; hops++) {
      const ref = refOf(current);
      const target = ref === undefined ? undefined : resolveRef(this.doc, at, ref);
      if (!target?.ok) {
        settled = true; // no `$ref`, or one Spectral leaves as it is (unresolvable)
        break;
      }
      current = target.value;
      at = target.source.uri;
    }
    if (current === null || typeof current !== 'object') return current;
    const cache = settled ? this.proxies : this.unsettled;
    let proxy = cache.get(current);
    if (!proxy) {
      proxy = new Proxy(current, this.trapsFor(at));
      cache.set(current, proxy);
    }
    if (settled && current !== value) this.proxies.set(value, proxy);
    return proxy;
  }

  /** The traps of the objects of one file: their own values resolve from that file. */
  private trapsFor(file: string): ProxyHandler<object> {
    let traps = this.traps.get(file);
    if (traps) return traps;
    traps = {
      get: (target, key) => {
        if (typeof key !== 'string' || !hasOwn.call(target, key)) return Reflect.get(target, key);
        const v = (target as Record<string, unknown>)[key];
        return v === null || typeof v !== 'object' ? v : this.resolveObject(v, file);
      },
      getOwnPropertyDescriptor: (target, key) => {
        const d = Reflect.getOwnPropertyDescriptor(target, key);
        // an own key: it has a descriptor
        if (d && typeof key === 'string' && d.value !== null && typeof d.value === 'object') d.value = this.resolveObject(d.value as object, file);
        return d;
      },
      ...refused,
    };
    this.traps.set(file, traps);
    return traps;
  }
}
