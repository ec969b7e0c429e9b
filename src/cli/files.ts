import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError, messages } from '../errors.js';
import { megabytes } from '../pipeline/inputs.js';
import { gitignoreFilter } from './gitignore.js';
import type { IgnoreList } from '../pipeline/library.js';

/**
 * Bytes of all the documents one run lints, added up before any is read. Each document has its own
 * limit (64 MB); this one stops a repository of copies, or a symlink that makes one large file appear
 * under many names, from keeping a CI job reading for hours.
 */
export const maxRunBytes = 512 * 1024 * 1024;

const documentGlob = '**/*.{yaml,yml,json}';
const ignoredDirs = ['**/node_modules/**', '**/.git/**'];

/**
 * Files, directories and globs → the files to lint, each once, in a stable order. A name that
 * exists is taken as it is (even with glob characters in it, even when git ignores it); a directory
 * means its YAML and JSON files; anything else is a glob, and one that matches nothing is an error.
 * What a directory or a glob finds leaves out what `.gitignore` and `.swaglintignore` files ignore, what
 * `ignores` (a configuration's `ignores:`, `--ignore-pattern`s) match and what `!glob` arguments match;
 * `ignores` false (`--no-ignore`) keeps `.gitignore` and the `!glob`s only.
 *
 * Hostile trees: directories and globs do not follow symbolic links (a committed `d -> .` gave
 * endless names for one file, a link to `/` walked the whole file system); a file reached under two
 * names (a named symlink and its target) is linted once, by its first name; and the files' sizes
 * together may not pass `maxRunBytes`.
 */
export async function expandFiles(patterns: readonly string[], cwd: string, ignores: readonly IgnoreList[] | false = []): Promise<string[]> {
  // `!glob` among the files leaves out what it matches (even under --no-ignore: it was typed for this run)
  const negated = patterns.filter((p) => p.startsWith('!') && p.length > 1);
  const wanted = patterns.filter((p) => !negated.includes(p));
  if (wanted.length === 0) throw new UserError(`Only negated globs (${negated.join(' ')}) were given: name the files, directories or globs to lint, such as . ${negated[0]}`);
  const lists = [...(ignores || []), ...(negated.length ? [{ base: cwd, patterns: negated.map((p) => p.slice(1)) }] : [])];
  const files = await expandPatterns(wanted, cwd, lists, ignores !== false);
  const out: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    if (/^https?:\/\//i.test(file)) {
      out.push(file);
      continue;
    }
    const real = await fs.realpath(file).catch(() => file);
    if (seen.has(real)) continue;
    seen.add(real);
    total += (await fs.stat(real).catch(() => undefined))?.size ?? 0;
    if (total > maxRunBytes) {
      throw new UserError(`The documents to lint add up to more than ${megabytes(maxRunBytes)} (at ${path.relative(cwd, file) || file}); lint fewer files per run.`);
    }
    out.push(file);
  }
  return out;
}

async function expandPatterns(patterns: readonly string[], cwd: string, ignores: readonly IgnoreList[], swaglintignore: boolean): Promise<string[]> {
  const out = new Set<string>();
  let filter: ((file: string) => Promise<boolean>) | undefined;
  const notIgnored = async (found: string[]): Promise<string[]> => {
    filter ??= await gitignoreFilter(cwd, ignores, swaglintignore);
    const keep: string[] = [];
    for (const f of found.map((f) => path.resolve(f)).sort()) if (!(await filter(f))) keep.push(f);
    return keep;
  };
  for (const pattern of patterns) {
    if (/^https?:\/\//i.test(pattern)) {
      out.add(pattern);
      continue;
    }
    const absolute = path.resolve(cwd, pattern);
    const stat = await fs.stat(absolute).catch(() => undefined);
    if (stat?.isFile()) {
      out.add(absolute);
      continue;
    }
    const { glob, isDynamicPattern } = await import('tinyglobby');
    if (stat?.isDirectory()) {
      const found = await glob(documentGlob, { cwd: absolute, absolute: true, ignore: ignoredDirs, dot: false, followSymbolicLinks: false });
      const kept = await notIgnored(found);
      if (kept.length === 0) throw new UserError(found.length ? allIgnored(pattern) : messages.emptyDirectory(pattern));
      for (const f of kept) out.add(f);
      continue;
    }
    if (!isDynamicPattern(pattern)) throw new UserError(messages.noSuchFile(pattern));
    const found = await glob(pattern, { cwd, absolute: true, ignore: ignoredDirs, onlyFiles: true, followSymbolicLinks: false });
    const kept = await notIgnored(found);
    if (kept.length === 0) throw new UserError(found.length ? allIgnored(pattern) : messages.noMatch(pattern));
    for (const f of kept) out.add(f);
  }
  return [...out];
}

const allIgnored = (pattern: string) => `Every file '${pattern}' finds is ignored (.gitignore, .swaglintignore or an ignore pattern); name a file to lint it anyway.`;
