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
 * The directories of a resolution found written as on disk all the way from the root: a file in one
 * of them needs only its own name looked up. By the listings they were found in, so they live as long.
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
  let exact = exactDirs.get(listings)?.get(root);
  // most files sit in a folder an earlier file was found in: only their own name to look up
  const dir = path.dirname(target);
  if (exact?.has(dir)) {
    const name = path.basename(target);
    const entries = list(dir, listings);
    return !entries || entries.has(name) ? undefined : descend(dir, [name], listings, isAllowed);
  }
  const rel = path.relative(root, target);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  let current = root;
  for (let i = 0; i < parts.length; i++) {
    const entries = list(current, listings);
    if (!entries || entries.has(parts[i]!)) {
      // every folder so far written as on disk (or not listable, and so not checked, as before)
      if (i === parts.length - 1) {
        if (!exact) {
          let byRoot = exactDirs.get(listings);
          if (!byRoot) exactDirs.set(listings, (byRoot = new Map()));
          byRoot.set(root, (exact = new Set()));
        }
        exact.add(current);
      }
      current = path.join(current, parts[i]!);
      continue;
    }
    return descend(current, parts.slice(i), listings, isAllowed);
  }
  return undefined;
}

