import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Source, SyntaxProblem } from './source.js';
import { getAt, parsePointer } from './pointer.js';

/** Why a referenced file is not available. Its text is never kept when it was refused. */
export interface RefFailure {
  reason: 'missing' | 'outside-project' | 'unreadable' | 'syntax' | 'remote-disabled' | 'unsupported';
  message: string;
  problem?: SyntaxProblem;
  /** A missing file that exists with other letter case: its absolute path (Linux CI says only "missing"). */
  caseVariant?: string;
}

/** A root document with every file its `$ref`s reach. */
export interface LoadedDocument {
  root: Source;
  /** Every parsed file by uri, the root included: each file once, under the uri it was first reached by. */
  sources: Map<string, Source>;
  /**
   * The other uris a file in `sources` was reached by (through a symlinked directory, `d -> .`:
   * `d/big.yaml` and `d/d/big.yaml` for `big.yaml`), each with that file's one source: a file is read
   * and parsed once however many ways its `$ref`s spell it.
   */
  spellings: Map<string, Source>;
  failures: Map<string, RefFailure>;
  /**
   * The base URI of each file that names its own (OpenAPI 3.2's `$self`, read by the format:
   * `ResolveOptions.selfUri`), where it is not the file's uri: its relative `$ref`s resolve against it
   * (`refUri`). An absolute URL, or a folder's or file's path. Absent in most documents.
   */
  bases?: Map<string, string>;
}

export type RefTarget =
  | { ok: true; source: Source; pointer: string[]; value: unknown }
  | { ok: false; message: string; failure?: RefFailure };

/** Splits a `$ref` into the uri of its file (resolved against `fromUri`) and its pointer. */
export function splitRef(fromUri: string, ref: string): { uri: string; fragment: string } {
  const hash = ref.indexOf('#');
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  if (hash === 0 || ref === '') return { uri: fromUri, fragment };
  // a relative file's uri would depend on the working directory: not kept
  const keep = path.isAbsolute(fromUri) || isRemote(fromUri);
  let byRef = keep ? fileUris.get(fromUri) : undefined;
  let uri = byRef?.get(ref);
  if (uri === undefined) {
    uri = resolveUri(fromUri, hash === -1 ? ref : ref.slice(0, hash));
    if (keep) {
      if (keptUris >= maxKeptUris) {
        fileUris.clear();
        keptUris = 0;
        byRef = undefined;
      }
      if (!byRef) fileUris.set(fromUri, (byRef = new Map()));
      byRef.set(ref, uri);
      keptUris++;
    }
  }
  return { uri, fragment };
}

/**
 * The file each `$ref` names, by the file it is written in and the `$ref` as written: the crawl, the
 * walk (at each `$ref` it meets) and the resolver all ask, InfluxDB's API some 1,300 times for a few
 * hundred distinct `$ref`s, and each answer decoded and resolved a path. Bounded: an editor or a
 * script lints for as long as it runs.
 */
const fileUris = new Map<string, Map<string, string>>();
let keptUris = 0;
const maxKeptUris = 50_000;

/** `splitRef` for a `$ref` written in a file of `doc`: against the file's base URI where it names one (`$self`). */
export function refUri(doc: LoadedDocument, fromUri: string, ref: string): { uri: string; fragment: string } {
  const base = doc.bases?.get(fromUri);
  if (base === undefined) return splitRef(fromUri, ref);
  const hash = ref.indexOf('#');
  const file = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  // a fragment alone names a place in this file, whatever it calls itself; a loaded file's own uri
  // (the resolver's next step through a `$ref`'d container) is no reference to resolve
  return { uri: file === '' ? fromUri : doc.sources.has(file) ? file : againstBase(base, file, fromUri), fragment };
}

/**
 * Where a file's own URI (`self`, a URI reference) puts it: resolved against where it was read
 * (`uri`), as RFC 3986 resolves one reference against a base. A local result is a path (a folder's
 * keeps its closing `/`: `models/` is a base, not a file); undefined when it does not resolve.
 */
export function baseFrom(uri: string, self: string): string | undefined {
  try {
    const url = new URL(self, isRemote(uri) ? uri : pathToFileURL(uri));
    url.hash = '';
    if (url.protocol !== 'file:') return url.href;
    const local = fileURLToPath(url);
    return url.pathname.endsWith('/') && !local.endsWith(path.sep) ? local + path.sep : local;
  } catch {
    return undefined;
  }
}

/**
 * A relative reference resolved against a base from `baseFrom`. A file read from disk whose `$self` is
 * a URL is a local copy of that URL: the files beside and below it are copies of what lies beside and
 * below the URL, so a target there is read from disk. Only a target outside that folder (`../x.yaml`)
 * is remote, as the specification's base URI makes it.
 */
function againstBase(base: string, file: string, fromUri: string): string {
  if (isRemote(file)) return file;
  if (isRemote(base)) return isRemote(fromUri) ? resolveUri(base, file) : localCopy(base, resolveUri(base, file), fromUri);
  // a folder's base (`…/models/`) holds the file; a file's base is its folder's
  return base.endsWith(path.sep) ? resolveUri(path.join(base, '_'), file) : resolveUri(base, file);
}

/** `target` (a URL resolved against `base`) as a path beside `fromUri`, where it lies under `base`'s folder. */
function localCopy(base: string, target: string, fromUri: string): string {
  const folder = new URL('.', base).href;
  if (!target.startsWith(folder) || /[?#]/.test(target)) return target;
  return path.resolve(path.dirname(fromUri), ...target.slice(folder.length).split('/').map(decodedSegment));
}

/** A URL path segment as a file name; one with a stray '%' is kept as written, as `resolveUri` keeps a path. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function isRemote(uri: string): boolean {
  return /^https?:\/\//i.test(uri);
}

export function resolveUri(fromUri: string, file: string): string {
  if (isRemote(file)) return file;
  let decoded = file;
  try {
    decoded = decodeURI(file);
  } catch {
    // keep it as written: a path with a stray '%'
  }
  if (decoded.startsWith('file://')) return path.resolve(new URL(decoded).pathname);
  if (isRemote(fromUri)) return new URL(file, fromUri).href;
  return path.resolve(path.dirname(fromUri), decoded);
}

/**
 * Targets by document, file and `$ref`: a large document names each definition from hundreds of
 * places, and the walk and several rules resolve each of those. Targets are shared: read them only.
 */
const resolved = new WeakMap<LoadedDocument, Map<string, Map<string, RefTarget>>>();

export function resolveRef(doc: LoadedDocument, fromUri: string, ref: string): RefTarget {
  let byFile = resolved.get(doc);
  if (!byFile) resolved.set(doc, (byFile = new Map()));
  let memo = byFile.get(fromUri); // by file, then by `$ref`: no key string built per lookup
  if (!memo) byFile.set(fromUri, (memo = new Map()));
  let target = memo.get(ref);
  if (!target) memo.set(ref, (target = resolveRefOnce(doc, fromUri, ref, 8)));
  return target;
}

function resolveRefOnce(doc: LoadedDocument, fromUri: string, ref: string, hops: number): RefTarget {
  const { uri, fragment } = refUri(doc, fromUri, ref);
  const source = doc.sources.get(uri) ?? doc.spellings.get(uri);
  if (!source) {
    const failure = doc.failures.get(uri);
    return { ok: false, message: failure?.message ?? `'${ref}' was not loaded`, failure };
  }
  const pointer = parsePointer(fragment);
  if (!pointer) return { ok: false, message: `'#${fragment}' is not a JSON pointer (it must start with '/')` };
  const found = getAt(source.value, pointer);
  if (!found.found) {
    // The pointer may pass through a `$ref` (`definitions: {$ref: defs.json}`, then `#/definitions/Pet`):
    // resolvers follow it, and so do we, once per step (a loop of such steps ends at `hops`).
    const through = hops > 0 ? getAt(source.value, pointer.slice(0, found.missingAt)) : undefined;
    const inner = through?.found ? refOf(through.value) : undefined;
    if (inner !== undefined) {
      const rest = pointer.slice(found.missingAt).map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
      const base = resolveRefOnce(doc, uri, inner, hops - 1);
      if (base.ok) {
        const baseRef = `${base.source.uri}#/${base.pointer.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
        const onward = resolveRefOnce(doc, base.source.uri, base.pointer.length === 0 ? `${base.source.uri}#${rest}` : baseRef + rest, hops - 1);
        if (onward.ok) return onward;
      }
    }
    const missing = pointer.slice(0, found.missingAt + 1).join('/');
    const where = uri === fromUri ? 'this document' : path.basename(uri);
    return { ok: false, message: `'${ref}' points at nothing: '${missing}' does not exist in ${where}` };
  }
  return { ok: true, source, pointer, value: found.value };
}

/**
 * Where a chain of `$ref`s ends, by document, file and the chain's first `$ref`: rules resolve the same
 * `{ $ref }` from each of its uses (the synthetic 2,000-collection document: 16,000 calls for 2,000
 * first `$ref`s; DocuSign's 4,711 for 456), and each walk of a chain built a set and a key string per hop. Shared like `resolveRef`'s targets.
 */
const followed = new WeakMap<LoadedDocument, Map<string, Map<string, RefTarget>>>();

/** Follows a chain of `$ref`s from `value` to what it finally names. */
export function followRefs(doc: LoadedDocument, source: Source, pointer: string[], value: unknown): RefTarget {
  const first = refOf(value);
  if (first === undefined) return { ok: true, source, pointer, value };
  let byFile = followed.get(doc);
  if (!byFile) followed.set(doc, (byFile = new Map()));
  let memo = byFile.get(source.uri);
  if (!memo) byFile.set(source.uri, (memo = new Map()));
  let end = memo.get(first);
  if (!end) memo.set(first, (end = followChain(doc, source, pointer, value)));
  return end;
}

/** The chain walked: the end depends only on the file and the first `$ref`, not on where that `$ref` sits. */
function followChain(doc: LoadedDocument, source: Source, pointer: string[], value: unknown): RefTarget {
  let current: RefTarget = { ok: true, source, pointer, value };
  const seen = new Set<string>();
  while (current.ok) {
    const ref = refOf(current.value);
    if (ref === undefined) return current;
    const key = current.source.uri + '#' + ref;
    if (seen.has(key)) return { ok: false, message: `'${ref}' refers to itself through a chain of $refs` };
    seen.add(key);
    current = resolveRef(doc, current.source.uri, ref);
  }
  return current;
}

export function refOf(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const ref = (value as Record<string, unknown>)['$ref'];
    if (typeof ref === 'string') return ref;
  }
  return undefined;
}
