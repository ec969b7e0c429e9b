import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError, messages } from '../errors.js';

const documentGlob = '**/*.{yaml,yml,json}';
const ignoredDirs = ['**/node_modules/**', '**/.git/**'];

/**
 * Files, directories and globs → the files to lint, each once, in a stable order. A name that
 * exists is taken as it is (even with glob characters in it); a directory means its YAML and JSON
 * files; anything else is a glob, and one that matches nothing is an error.
 */
export async function expandFiles(patterns: readonly string[], cwd: string): Promise<string[]> {
  const out = new Set<string>();
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
      const found = await glob(documentGlob, { cwd: absolute, absolute: true, ignore: ignoredDirs, dot: false });
      if (found.length === 0) throw new UserError(messages.emptyDirectory(pattern));
      for (const f of found.sort()) out.add(path.resolve(f));
      continue;
    }
    if (!isDynamicPattern(pattern)) throw new UserError(messages.noSuchFile(pattern));
    const found = await glob(pattern, { cwd, absolute: true, ignore: ignoredDirs, onlyFiles: true });
    if (found.length === 0) throw new UserError(messages.noMatch(pattern));
    for (const f of found.sort()) out.add(path.resolve(f));
  }
  return [...out];
}
