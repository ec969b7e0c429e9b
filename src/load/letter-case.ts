// A `$ref` to `httpExamples/Items/get.json` where the disk has `httpExamples/items/get.json` works on a
// case-insensitive file system (macOS, Windows) and breaks on Linux CI (issue 14). Both directions are
// found by listing directories, the only test that answers the same on every file system, and only
// inside the project: a listing outside it would echo names the user did not give.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Directory listings of one resolution, so that sixty examples in one folder cost one listing. Sets:
 * each file of a folder is looked up in its listing, and a folder of 500 files searched as an array
 * made the crawl quadratic in its size.
 */
export type Listings = Map<string, ReadonlySet<string> | undefined>;

/**
 * The directories of a resolution found written as on disk all the way from the root (by root): a
 * file in or below one of them is walked to from there. By the listings they were found in, so they
 * live as long.
 */
const exactDirs = new WeakMap<Listings, Map<string, Set<string>>>();

function list(dir: string, listings: Listings): ReadonlySet<string> | undefined {
  if (listings.has(dir)) return listings.get(dir);
  let entries: Set<string> | undefined;
  try {
    entries = new Set(readdirSync(dir));
  } catch {
    entries = undefined; // not a directory, or not listable
  }
  listings.set(dir, entries);
  return entries;
}

function findIgnoringCase(entries: ReadonlySet<string>, part: string): string | undefined {
  if (entries.has(part)) return part;
  const lower = part.toLowerCase();
  for (const e of entries) if (e.toLowerCase() === lower) return e;
  return undefined;
}

/**
 * `parts` below `base`, each matched without regard to case; the path on disk, or undefined. Every
 * directory listed must be allowed where it really is: an entry may be a symlink out of the project.
 */
function descend(base: string, parts: readonly string[], listings: Listings, isAllowed: (dir: string) => boolean): string | undefined {
  let current = base;
  for (const part of parts) {
    if (!isAllowed(current)) return undefined;
    const entries = list(current, listings);
    if (!entries) return undefined;
    const match = findIgnoringCase(entries, part);
    if (match === undefined) return undefined;
    current = path.join(current, match);
  }
  return current;
}

/**
 * A missing `target` that exists with other letter case: the path on disk. `isAllowed` says whether
 * a directory may be listed (inside the project).
 */
export function caseVariant(target: string, isAllowed: (dir: string) => boolean, listings: Listings): string | undefined {
  const rest: string[] = [];
  let base = target;
  do {
    rest.unshift(path.basename(base));
    const up = path.dirname(base);
    if (up === base) return undefined;
    base = up;
  } while (!existsSync(base));
  const found = descend(base, rest, listings, isAllowed);
  return found === target ? undefined : found;
}

/**
 * A `target` that a case-insensitive file system opened although its letter case differs from the
 * disk's below `root`: the path on disk. Never differs on a case-sensitive file system, where the open
 * would have failed. `isAllowed` says whether a directory may be listed (a directory below `root` may
 * be a symlink out of it).
 */
export function caseOnDisk(target: string, root: string, listings: Listings, isAllowed: (dir: string) => boolean): string | undefined {
  let byRoot = exactDirs.get(listings);
  if (!byRoot) exactDirs.set(listings, (byRoot = new Map()));
  let exact = byRoot.get(root);
  if (!exact) byRoot.set(root, (exact = new Set()));
  // Most files sit in or below a folder an earlier file's walk found: the walk starts there. Such a
  // folder is below `root` (only the walk from it adds folders), so the target is too.
  const rest = [path.basename(target)];
  let from = path.dirname(target);
  while (!exact.has(from)) {
    const up = path.dirname(from);
    if (up === from || exact.size === 0) {
      const rel = path.relative(root, target);
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
      return walkDown(root, rel.split(path.sep), exact, listings, isAllowed);
    }
    rest.unshift(path.basename(from));
    from = up;
  }
  return walkDown(from, rest, exact, listings, isAllowed);
}

/**
 * From `from`, each part looked up in its folder's listing; the first that differs in case is looked
 * for without regard to case. The folders reached with every part as on disk (or past a folder that
 * cannot be listed, as ever) join `exact`.
 */
function walkDown(from: string, parts: readonly string[], exact: Set<string>, listings: Listings, isAllowed: (dir: string) => boolean): string | undefined {
  let current = from;
  for (let i = 0; i < parts.length; i++) {
    const entries = list(current, listings);
    if (!entries || entries.has(parts[i]!)) {
      if (i === 0) exact.add(current);
      current = path.join(current, parts[i]!);
      if (i < parts.length - 1) exact.add(current);
      continue;
    }
    return descend(current, parts.slice(i), listings, isAllowed);
  }
  return undefined;
}

