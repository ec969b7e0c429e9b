import { existsSync, lstatSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { caseOnDisk, caseVariant, type Listings } from './letter-case.js';
import path from 'node:path';
import { parseSource, type Source } from './source.js';
import { maxDocumentBytes, megabytes } from './limits.js';
import { baseFrom, isRemote, refUri, type LoadedDocument, type RefFailure } from './refs.js';
import type { FetchOptions } from './credentials.js';
import { redactUrl } from './redact.js';
import { escapesRefCharacter } from './escaped-dollar.js';

export interface ResolveOptions {
  /** Local `$ref`s may leave the project (the enclosing git repository, or the working directory). */
  allowExternalRefs?: boolean;
  /** The directory `$ref`s may not leave; found from the document when not given. */
  projectRoot?: string;
  /** The run's working directory: the project boundary when the document is in no git repository. */
  cwd: string;
  /**
   * Parsed `$ref`'d files kept across runs, keyed by path and a hash of the text: an editor re-linting
   * one document on every keystroke re-parses only that document, not the unchanged files it names.
   */
  sourceCache?: SourceCache;
  /** Fetching remote documents and `$ref`s: whether, with which credentials for which origins, how long. */
  fetch?: FetchOptions;
  /**
   * The URI a file names itself by, from its parsed value (the format's: OpenAPI 3.2's `$self`), when it
   * is a valid one: the file's base URI for its relative `$ref`s, and, when absolute, a name other files'
   * `$ref`s may use for it. The loader knows no format, so the pipeline passes the document's.
   */
  selfUri?: (value: unknown) => string | undefined;
}

/** Owned by the caller (one per editor session), so nothing is cached behind a library user's back. */
export type SourceCache = Map<string, Source>;

/** node:crypto (some 40 internal modules) only for an editor's cache, never in a CLI run. */
function cacheKey(file: string, text: string): string {
  return file + '\0' + process.getBuiltinModule('node:crypto').createHash('sha1').update(text).digest('base64');
}

/**
 * Loads every file the root's external `$ref`s reach, with our parser, so each file keeps its
 * positions, and our file reader, so a `$ref` cannot read outside the project. Breadth first: the files
 * one level names are read at once and parsed in the order their `$ref`s were met, so which spelling
 * of a file is "first reached" does not depend on which read finished first. Each file is keyed by what
 * `splitRef` makes of a `$ref` to it, the key every later lookup uses. A document with only local
 * `$ref`s (most) never gets here.
 */
export async function resolveDocument(root: Source, options: ResolveOptions): Promise<LoadedDocument> {
  const doc: LoadedDocument = { root, sources: new Map([[root.uri, root]]), spellings: new Map(), failures: new Map() };
  const remoteRoot = isRemote(root.uri);
  if (!mayHaveExternalRef(root.text, root.aliases) || !(path.isAbsolute(root.uri) || remoteRoot)) return doc;
  const rootRefs = externalRefs(root.value, root.aliases > 0);
  if (rootRefs.length === 0) return doc;
  const reached = new Set<string>([root.uri]);
  /** A file's `$self`: its base URI, and an absolute one names it (never read from there). */
  const named = (source: Source) => {
    const self = options.selfUri?.(source.value);
    const base = self === undefined ? undefined : baseFrom(source.uri, self);
    if (base === undefined || base === source.uri) return;
    (doc.bases ??= new Map()).set(source.uri, base);
    if (isRemote(base) && !reached.has(base)) {
      doc.spellings.set(base, source);
      reached.add(base);
    }
  };
  named(root);
  const projectRoot = remoteRoot ? '' : options.projectRoot ?? findProjectRoot(path.dirname(root.uri), options.cwd);
  const allowed = remoteRoot ? '' : realOrSelf(projectRoot);
  const listings: Listings = new Map();
  const realDirs: RealDirs = new Map();
  // One read and one parse per file, by its real path: a `$ref` may spell a file many ways through a
  // symlinked directory (`d -> .`: `d/big.yaml`, `d/d/big.yaml`, …).
  const parsedByReal = new Map<string, Source>();
  const unparsedByReal = new Map<string, RefFailure>();
  if (!remoteRoot) parsedByReal.set(realOrSelf(root.uri), root);
  const readByReal = new Map<string, string>();

  /** The files `from`'s `$ref`s name that no earlier `$ref` reached, in document order. */
  // A local file's `$ref` names what it names from its folder: the files of one folder, and one file
  // many times, name the same targets (`../schemas/Error.yml`), each resolved once (InfluxDB: 3,263
  // `$ref`s). Not for a fetched file (a `?query` resolves against its name) or one with a `$self` base.
  const localUris = new Map<string, string>();
  const uriOf = (from: string, ref: string): string => {
    if (doc.bases?.has(from) || isRemote(from)) return refUri(doc, from, ref).uri;
    const key = path.dirname(from) + '\0' + ref;
    let uri = localUris.get(key);
    if (uri === undefined) localUris.set(key, (uri = refUri(doc, from, ref).uri));
    return uri;
  };
  const targetsOf = (from: string, refs: ReadonlyArray<{ $ref: string }>): Target[] => {
    const found: Target[] = [];
    for (const { $ref } of refs) {
      const uri = uriOf(from, $ref);
      if (reached.has(uri)) continue;
      reached.add(uri);
      found.push({ uri, namedByRemote: isRemote(from) });
    }
    return found;
  };

  /** A file's text, or why it may not or cannot be read (recorded in `doc.failures` by the caller). */
  const read = async (target: Target): Promise<Read> => {
    const { uri } = target;
    if (isRemote(uri)) {
      if (options.fetch?.resolveRemote !== true) {
        return { failure: { reason: 'remote-disabled', message: `'${redact(uri)}' is a remote $ref; pass --resolve-remote to fetch it` } };
      }
      const { fetchDocument } = await import('./fetch.js');
      const fetched = await fetchDocument(uri, options.fetch);
      return fetched.ok ? { text: fetched.text } : { failure: { reason: 'unreadable', message: fetched.message } };
    }
    // a fetched document names files on its own server, never on this machine
    if (remoteRoot || target.namedByRemote) return { failure: { reason: 'outside-project', message: 'a document fetched from a URL may not read local files' } };
    const verdict = refuse(uri, allowed, options.allowExternalRefs === true, listings, realDirs);
    if (!('real' in verdict)) return { failure: verdict };
    const { real } = verdict;
    if (parsedByReal.has(real) || unparsedByReal.has(real)) return { real };
    // two spellings of one file in one level share one read. Read synchronously: a local file of at
    // most maxDocumentBytes (refuse checked it) costs less so than through a file handle's promises,
    // and the InfluxDB API's 195 files took a fifth of their load time in those
    try {
      let text = readByReal.get(real);
      if (text === undefined) readByReal.set(real, (text = readFileSync(uri, 'utf8')));
      return { real, text };
    } catch {
      return { failure: { reason: 'unreadable', message: `'${path.basename(uri)}' cannot be read` } };
    }
  };

  let level = targetsOf(root.uri, rootRefs);
  while (level.length > 0) {
    const reads = await Promise.all(level.map(read));
    const next: Target[] = [];
    for (const [i, { uri }] of level.entries()) {
      const got = reads[i]!;
      if (got.failure) {
        doc.failures.set(uri, got.failure);
        continue;
      }
      const earlier = got.real === undefined ? undefined : parsedByReal.get(got.real);
      if (earlier) {
        // reached under another spelling first; its `$ref`s resolve from there
        doc.spellings.set(uri, earlier);
        continue;
      }
      const unparsed = got.real === undefined ? undefined : unparsedByReal.get(got.real);
      if (unparsed || got.text === undefined) {
        if (unparsed) doc.failures.set(uri, unparsed);
        continue;
      }
      const source = parseTarget(uri, got.text, options.sourceCache);
      if ('failure' in source) {
        doc.failures.set(uri, source.failure);
        if (got.real !== undefined) unparsedByReal.set(got.real, source.failure);
        continue;
      }
      doc.sources.set(uri, source);
      named(source);
      if (got.real !== undefined) parsedByReal.set(got.real, source);
      next.push(...targetsOf(uri, externalRefs(source.value, source.aliases > 0)));
    }
    level = next;
  }
  return doc;
}

interface Target {
  uri: string;
  /** Named by a fetched document: refused when it is a local file, even when the root is local. */
  namedByRemote: boolean;
}

/** What reading one target gave: its text, or a failure; `real` is a local file's real path. */
interface Read {
  text?: string;
  real?: string;
  failure?: RefFailure;
}

/** A read file parsed with positions (or taken from the editor's cache), or why it does not parse. */
function parseTarget(uri: string, text: string, cache: SourceCache | undefined): Source | { failure: RefFailure } {
  const key = cache ? cacheKey(uri, text) : '';
  const cached = cache?.get(key);
  if (cached) return cached;
  const outcome = parseSource(text, uri);
  if (!outcome.ok) {
    const name = isRemote(uri) ? redactUrl(uri) : path.basename(uri);
    return { failure: { reason: 'syntax', message: `'${name}' does not parse: ${outcome.problem.message}`, problem: outcome.problem } };
  }
  cache?.set(key, outcome.source);
  return outcome.source;
}

/**
 * A path's real path (symlinks followed). On Linux the C library's `realpath`, one call, where Node's
 * own walks the path a component at a time with an lstat each: the InfluxDB API's 195 files, eight
 * directories deep, spent some 30 ms of a cold run there. Elsewhere Node's own: macOS's `realpath` may
 * answer with the letter case on disk, which would hide the mismatch `caseOnDisk` reports, and
 * Windows' differs on drive letters and network paths.
 */
const realPath: (p: string) => string = process.platform === 'linux' ? (p) => realpathSync.native(p) : (p) => realpathSync(p);

const caseDiffers = 'a case-insensitive file system (macOS, Windows) finds it, a case-sensitive one (Linux CI) does not';

/** Real paths of the folders a crawl's files sit in (or why a folder has none), by the folder as spelt. */
type RealDirs = Map<string, string | Error>;

/**
 * A file's real path and what `lstat` says of it, when it is no symlink itself: its folder's real path
 * (one per folder, kept in `realDirs`) and its own name. The crawl's 195 files of InfluxDB's API sit in
 * a dozen folders: one `lstat` each instead of a real path found component by component and a `stat`.
 * A symlink (and anything else) gets the full answer, `realPath` then `statSync`. Throws as `realPath`
 * would for a path that does not resolve.
 */
function realAndStat(target: string, realDirs: RealDirs): { real: string; stat?: Stats } {
  const name = path.basename(target);
  const dir = path.dirname(target);
  if (name === '' || name === '.' || name === '..' || dir === target) return { real: realPath(target) };
  let realDir = realDirs.get(dir);
  if (realDir === undefined) {
    try {
      realDir = realPath(dir);
    } catch (error) {
      realDir = error instanceof Error ? error : new Error(String(error));
    }
    realDirs.set(dir, realDir);
  }
  if (realDir instanceof Error) throw realDir;
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return { real: realPath(target) };
  return { real: path.join(realDir, name), stat };
}

/** Why `target` may not or cannot be read, or its real path (symlinks followed) when it may. */
function refuse(target: string, allowed: string, allowExternal: boolean, listings: Listings, realDirs: RealDirs): RefFailure | { real: string } {
  const name = path.basename(target);
  const outside: RefFailure = { reason: 'outside-project', message: `the $ref leaves the project (${allowed}); swaglint does not read files outside it unless --allow-external-refs is given` };
  let real: string;
  let known: Stats | undefined;
  try {
    ({ real, stat: known } = realAndStat(target, realDirs));
  } catch {
    // a missing file outside the project is refused like an existing one: the answer must not tell
    // whether a file exists where the document may not look (its nearest existing directory decides)
    if (!allowExternal && !isInside(nearestReal(target), allowed)) return outside;
    const variant = caseVariant(target, (dir) => allowExternal || isInside(realOrSelf(dir), allowed), listings);
    if (variant === undefined) return { reason: 'missing', message: `'${name}' does not exist (looked for ${target})` };
    return {
      reason: 'missing',
      caseVariant: variant,
      message: `'${name}' does not exist (looked for ${target}); the file that exists is ${variant}, which differs only in letter case: ${caseDiffers}`,
    };
  }
  // opened, but maybe only because this file system ignores case: the same verdict as on Linux CI
  const onDisk = caseOnDisk(real, allowed, listings, (dir) => isInside(realOrSelf(dir), allowed));
  if (onDisk !== undefined) {
    return { reason: 'missing', caseVariant: onDisk, message: `'${name}' is written with other letter case than the file on disk, ${onDisk}: ${caseDiffers}` };
  }
  // the target is neither read nor echoed: only that it was refused, and why
  if (!allowExternal && !isInside(real, allowed)) return outside;
  try {
    const stat = known ?? statSync(real);
    if (!stat.isFile()) return { reason: 'unreadable', message: `'${name}' is not a file` };
    if (stat.size > maxDocumentBytes) return { reason: 'unreadable', message: `'${name}' is ${megabytes(stat.size)}, over the limit of ${megabytes(maxDocumentBytes)} for one document` };
  } catch {
    return { reason: 'unreadable', message: `'${name}' cannot be read` };
  }
  return { real };
}

/** The real path of `target`'s nearest existing ancestor, with the rest of the path appended. */
function nearestReal(target: string): string {
  let dir = path.dirname(target);
  const rest = [path.basename(target)];
  for (;;) {
    try {
      return path.join(realPath(dir), ...rest);
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return target;
      rest.unshift(path.basename(dir));
      dir = parent;
    }
  }
}

export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The real path of `p` (symlinks followed), or `p` resolved when it does not exist. */
export function realOrSelf(p: string): string {
  try {
    return realPath(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * Project roots by directory and working directory: every document of a run asks, most from the same
 * few directories. Bounded: a language server or a script lints for as long as it runs.
 */
const rootCache = new Map<string, string>();
const rootCacheLimit = 1000;

/** The enclosing git repository, or the working directory when there is none. */
export function findProjectRoot(dir: string, cwd: string): string {
  const key = `${dir}\0${cwd}`;
  const cached = rootCache.get(key);
  if (cached) return cached;
  let current = path.resolve(dir);
  let found: string | undefined;
  for (;;) {
    if (existsSync(path.join(current, '.git'))) {
      found = current;
      break;
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const result = found ?? path.resolve(cwd);
  if (rootCache.size >= rootCacheLimit) rootCache.clear();
  rootCache.set(key, result);
  return result;
}

/**
 * A cheap test on the text that lets most documents skip the walk over every value: no `$ref` key
 * followed by a value that could name another file. Escapes (`\u0024ref`) and aliases can hide a
 * key from the pattern, so they send the document to the full scan.
 */
export function mayHaveExternalRef(text: string, aliases: number): boolean {
  if (aliases > 0 || escapesRefCharacter(text)) return true;
  // the lookahead-and-backreference makes the spaces possessive, so `$ref: '#/x'` cannot match by
  // giving back a space
  return /\$ref['"]?\s*:(?=(\s*))\1(?!['"]?#)/.test(text);
}

/**
 * Every `$ref` that names another file or a URL, as a fresh `{ $ref }` each, in document order: what
 * the resolver would find by crawling the value (a non-empty `$ref` string not starting with `#`, also
 * beside and below other `$ref`s). Scanned without recursion: documents can be deep.
 */
export function externalRefs(value: unknown, shared = true): Array<{ $ref: string }> {
  const found: Array<{ $ref: string }> = [];
  scanExternalRefs(value, undefined, (ref) => found.push({ $ref: ref }), shared);
  return found;
}

/** The same `$ref`s, each with the pointer of its `$ref` object (an editor points at it). */
export function externalRefsWithPointers(value: unknown): Array<{ ref: string; pointer: string[] }> {
  const found: Array<{ ref: string; pointer: string[] }> = [];
  scanExternalRefs(value, [], (ref, pointer) => found.push({ ref, pointer: pointer! }));
  return found;
}

/**
 * One scan for both: pointers are built only when asked for (`root` given), as the loader needs none.
 * `shared`: the value may hold an object twice (a YAML file with aliases, or a value of unknown
 * origin); a parsed file without aliases is a tree, and needs no set of the objects seen (a hash per
 * object of every file the crawl reads).
 */
function scanExternalRefs(value: unknown, root: string[] | undefined, found: (ref: string, pointer: string[] | undefined) => void, shared = true): void {
  const stack: unknown[] = [value];
  const pointers: Array<string[]> | undefined = root ? [root] : undefined;
  const seen = shared ? new Set<object>() : undefined; // YAML aliases share objects: visit each once
  while (stack.length > 0) {
    const v = stack.pop();
    const pointer = pointers?.pop();
    if (v === null || typeof v !== 'object' || seen?.has(v)) continue;
    seen?.add(v);
    const ref = (v as Record<string, unknown>)['$ref'];
    if (typeof ref === 'string' && ref !== '' && !ref.startsWith('#')) found(ref, pointer);
    // pushed in reverse, so children pop in document order
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]);
        pointers?.push([...pointer!, String(i)]);
      }
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push((v as Record<string, unknown>)[keys[i]!]);
        pointers?.push([...pointer!, keys[i]!]);
      }
    }
  }
}

/** A URL without its user-info or credential-like query values, for messages. */
export const redact = redactUrl;

