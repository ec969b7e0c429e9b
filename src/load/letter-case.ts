// A `$ref` to `httpExamples/Items/get.json` where the disk has `httpExamples/items/get.json` works on a
// case-insensitive file system (macOS, Windows) and breaks on Linux CI (issue 14). Both directions are
// found by listing directories, the only test that answers the same on every file system, and only
// inside the project: a listing outside it would echo names the user did not give.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Directory listings of one resolution, so that sixty examples in one folder cost one listing. */
export type Listings = Map<string, string[] | undefined>;

function list(dir: string, listings: Listings): string[] | undefined {
  if (listings.has(dir)) return listings.get(dir);
  let entries: string[] | undefined;
  try {
    entries = readdirSync(dir);
  } catch {
    entries = undefined; // not a directory, or not listable
  }
  listings.set(dir, entries);
  return entries;
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
    const lower = part.toLowerCase();
    const match = entries.includes(part) ? part : entries.find((e) => e.toLowerCase() === lower);
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
  const rel = path.relative(root, target);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  let current = root;
  for (let i = 0; i < parts.length; i++) {
    const entries = list(current, listings);
    if (!entries || entries.includes(parts[i]!)) {
      current = path.join(current, parts[i]!);
      continue;
    }
    return descend(current, parts.slice(i), listings, isAllowed);
  }
  return undefined;
}

