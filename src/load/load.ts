import { existsSync, promises as fs, realpathSync } from 'node:fs';
import { caseOnDisk, caseVariant, type Listings } from './letter-case.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSource, type Source } from './source.js';
import { maxDocumentBytes, megabytes } from './limits.js';
import { isRemote, refOf, type LoadedDocument, type RefFailure } from './refs.js';
import type { FetchOptions } from './credentials.js';
import { redactUrl } from './redact.js';

export interface ResolveOptions {
  /** Local `$ref`s may leave the project (the enclosing git repository, or the working directory). */
  allowExternalRefs?: boolean;
  /** The directory `$ref`s may not leave; found from the document when not given. */
  projectRoot?: string;
  cwd?: string;
  /**
   * Parsed `$ref`'d files kept across runs, keyed by path and a hash of the text: an editor re-linting
   * one document on every keystroke re-parses only that document, not the unchanged files it names.
   */
  sourceCache?: SourceCache;
  /** Fetching remote documents and `$ref`s: whether, with which credentials for which origins, how long. */
  fetch?: FetchOptions;
}

/** Owned by the caller (one per editor session), so nothing is cached behind a library user's back. */
export type SourceCache = Map<string, Source>;

/** node:crypto (some 40 internal modules) only for an editor's cache, never in a CLI run. */
function cacheKey(file: string, text: string): string {
  return file + '\0' + process.getBuiltinModule('node:crypto').createHash('sha1').update(text).digest('base64');
}

/**
 * Loads every file the root's external `$ref`s reach, through json-schema-ref-parser (the resolver
 * inside swagger-parser) with our parser, so each file keeps its positions, and our file reader, so a
 * `$ref` cannot read outside the project. A document with only local `$ref`s (most) never loads it.
 */
export async function resolveDocument(root: Source, options: ResolveOptions = {}): Promise<LoadedDocument> {
  const doc: LoadedDocument = { root, sources: new Map([[root.uri, root]]), failures: new Map() };
  const remoteRoot = isRemote(root.uri);
  if (!mayHaveExternalRef(root.text, root.aliases) || !hasExternalRef(root.value) || !(path.isAbsolute(root.uri) || remoteRoot)) return doc;
  const projectRoot = remoteRoot ? '' : options.projectRoot ?? findProjectRoot(path.dirname(root.uri), options.cwd ?? process.cwd());
  const allowed = remoteRoot ? '' : realOrSelf(projectRoot);
  const { $RefParser } = await import('@apidevtools/json-schema-ref-parser');
  const parser = new $RefParser();
  const toPath = (url: string) => path.resolve(url.startsWith('file:') ? fileURLToPath(url) : decodeURIComponent(url));
  const texts = new Map<string, string>();
  /** `file:` URLs that a fetched document's `$ref`s name: refused even when the root is local. */
  const namedByRemote = new Set<string>();
  const listings: Listings = new Map();
  try {
    await parser.resolve(root.uri, root.value as object, {
      continueOnError: true,
      resolve: {
        external: true,
        http: {
          order: 1,
          canRead: (file: { url: string }) => isRemote(file.url),
          read: async (file: { url: string }) => {
            const key = remoteKey(file.url);
            if (options.fetch?.resolveRemote !== true) {
              const failure: RefFailure = { reason: 'remote-disabled', message: `'${redact(file.url)}' is a remote $ref; pass --resolve-remote to fetch it` };
              doc.failures.set(key, failure);
              throw new Error(failure.message);
            }
            const { fetchDocument } = await import('./fetch.js');
            const fetched = await fetchDocument(file.url, options.fetch);
            if (!fetched.ok) {
              doc.failures.set(key, { reason: 'unreadable', message: fetched.message });
              throw new Error(fetched.message);
            }
            texts.set(key, fetched.text);
            return fetched.text;
          },
        },
        file: {
          order: 2,
          canRead: (file: { url: string }) => !isRemote(file.url),
          read: async (file: { url: string }) => {
            const target = toPath(file.url);
            // a fetched document names files on its own server, never on this machine
            const failure: RefFailure | undefined = remoteRoot || namedByRemote.has(withoutHash(file.url))
              ? { reason: 'outside-project', message: 'a document fetched from a URL may not read local files' }
              : await refuse(target, allowed, options.allowExternalRefs === true, listings);
            if (failure) {
              doc.failures.set(target, failure);
              throw new Error(failure.message);
            }
            const text = await fs.readFile(target, 'utf8');
            texts.set(target, text);
            return text;
          },
        },
      },
      parse: {
        json: false,
        text: false,
        binary: false,
        yaml: {
          order: 1,
          canParse: true,
          allowEmpty: true,
          parse: (file: { url: string; data: unknown }) => {
            const target = isRemote(file.url) ? remoteKey(file.url) : toPath(file.url);
            if (target === root.uri) return root.value;
            const text = texts.get(target) ?? String(file.data);
            const key = options.sourceCache ? cacheKey(target, text) : '';
            const cached = options.sourceCache?.get(key);
            if (cached) {
              if (isRemote(target)) for (const url of fileRefsOf(cached.value, target)) namedByRemote.add(url);
              doc.sources.set(target, cached);
              return cached.value;
            }
            const outcome = parseSource(text, target);
            if (!outcome.ok) {
              const name = isRemote(target) ? redactUrl(target) : path.basename(target);
              const failure: RefFailure = { reason: 'syntax', message: `'${name}' does not parse: ${outcome.problem.message}`, problem: outcome.problem };
              doc.failures.set(target, failure);
              throw new Error(failure.message);
            }
            doc.sources.set(target, outcome.source);
            options.sourceCache?.set(key, outcome.source);
            if (isRemote(target)) for (const url of fileRefsOf(outcome.source.value, target)) namedByRemote.add(url);
            return outcome.source.value;
          },
        },
      },
    } as never);
  } catch {
    // every failure was recorded in doc.failures where it happened; the rules report them at the $ref
  }
  return doc;
}

const caseDiffers = 'a case-insensitive file system (macOS, Windows) finds it, a case-sensitive one (Linux CI) does not';

async function refuse(target: string, allowed: string, allowExternal: boolean, listings: Listings): Promise<RefFailure | undefined> {
  const name = path.basename(target);
  const outside: RefFailure = { reason: 'outside-project', message: `the $ref leaves the project (${allowed}); swaglint does not read files outside it unless --allow-external-refs is given` };
  let real: string;
  try {
    real = realpathSync(target);
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
    const stat = await fs.stat(real);
    if (!stat.isFile()) return { reason: 'unreadable', message: `'${name}' is not a file` };
    if (stat.size > maxDocumentBytes) return { reason: 'unreadable', message: `'${name}' is ${megabytes(stat.size)}, over the limit of ${megabytes(maxDocumentBytes)} for one document` };
  } catch {
    return { reason: 'unreadable', message: `'${name}' cannot be read` };
  }
  return undefined;
}

/** The `file:` URLs (without fragment) that the `$ref`s in a fetched document's value resolve to. */
function fileRefsOf(value: unknown, base: string): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const visit = (v: unknown) => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) return v.forEach(visit);
    const ref = (v as Record<string, unknown>)['$ref'];
    if (typeof ref === 'string') {
      try {
        const url = new URL(ref, base);
        if (url.protocol === 'file:') found.push(withoutHash(url.href));
      } catch {
        // not a URL: the resolver reports it
      }
    }
    for (const child of Object.values(v)) visit(child);
  };
  visit(value);
  return found;
}

function withoutHash(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/** The real path of `target`'s nearest existing ancestor, with the rest of the path appended. */
function nearestReal(target: string): string {
  let dir = path.dirname(target);
  const rest = [path.basename(target)];
  for (;;) {
    try {
      return path.join(realpathSync(dir), ...rest);
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
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

const rootCache = new Map<string, string>();

/** The enclosing git repository, or the working directory when there is none. */
export function findProjectRoot(dir: string, cwd: string): string {
  const cached = rootCache.get(dir);
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
  rootCache.set(dir, result);
  return result;
}

/**
 * A cheap test on the text that lets most documents skip the walk over every value: no `$ref` key
 * followed by a value that could name another file. Escapes (`\u0024ref`) and aliases can hide a
 * key from the pattern, so they send the document to the full scan.
 */
export function mayHaveExternalRef(text: string, aliases: number): boolean {
  if (aliases > 0 || /\\(u0024|x24|U00000024)/.test(text)) return true;
  // the lookahead-and-backreference makes the spaces possessive, so `$ref: '#/x'` cannot match by
  // giving back a space
  return /\$ref['"]?\s*:(?=(\s*))\1(?!['"]?#)/.test(text);
}

/** Any `$ref` that names another file or a URL (scanned without recursion: documents can be deep). */
export function hasExternalRef(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<object>(); // YAML aliases share objects: visit each once
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    const ref = refOf(v);
    if (ref !== undefined && !ref.startsWith('#')) return true;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else for (const k in v) stack.push((v as Record<string, unknown>)[k]);
  }
  return false;
}

/** A URL without its user-info or credential-like query values, for messages. */
export const redact = redactUrl;

/** The key a fetched file has in `sources` and `failures`: what `splitRef` makes of the `$ref`. */
function remoteKey(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
