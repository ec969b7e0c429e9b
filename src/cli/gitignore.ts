import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Ignore } from 'ignore';
import type { IgnoreList } from '../pipeline/library.js';

/**
 * Whether a file is left out of a directory or glob: what git would ignore, from the `.gitignore` files
 * between its repository's root and its directory (and `.git/info/exclude`), then swaglint's own
 * `.swaglintignore` files (same syntax; read after the `.gitignore` of their folder, so `!name` there
 * takes back what git ignores); a deeper file's rules win, as in git. Outside a repository the working
 * directory stands in for the root. Each file is read once per run. Then each of `lists` (a
 * configuration's `ignores:`, the command line's patterns) leaves out what it matches, relative to its
 * base. `swaglintignore` false (`--no-ignore`) reads no `.swaglintignore`.
 */
export async function gitignoreFilter(cwd: string, lists: readonly IgnoreList[] = [], swaglintignore = true): Promise<(file: string) => Promise<boolean>> {
  const { default: ignore } = await import('ignore');
  const patterns = lists.map(({ base, patterns }) => ({ base, rules: ignore().add([...patterns]) }));
  const levels = new Map<string, Promise<Ignore | undefined>>();
  const rootOf = new Map<string, string>();

  const load = (dir: string, root: string): Promise<Ignore | undefined> => {
    let level = levels.get(dir);
    if (!level) {
      const files = [path.join(dir, '.gitignore'), ...(dir === root ? [path.join(root, '.git', 'info', 'exclude')] : []), ...(swaglintignore ? [path.join(dir, '.swaglintignore')] : [])];
      level = Promise.all(files.map((f) => fs.readFile(f, 'utf8').catch(() => undefined))).then((texts) => {
        const found = texts.filter((t): t is string => t !== undefined);
        return found.length ? ignore().add(found.join('\n')) : undefined;
      });
      levels.set(dir, level);
    }
    return level;
  };

  const repositoryRoot = (dir: string): string => {
    const known = rootOf.get(dir);
    if (known) return known;
    let root = path.resolve(cwd);
    for (let d = dir; ; d = path.dirname(d)) {
      if (existsSync(path.join(d, '.git'))) {
        root = d;
        break;
      }
      if (path.dirname(d) === d) break;
    }
    rootOf.set(dir, root);
    return root;
  };

  return async (file) => {
    for (const { base, rules } of patterns) {
      const inside = path.relative(base, file);
      if (!inside.startsWith('..') && !path.isAbsolute(inside) && rules.ignores(inside.split(path.sep).join('/'))) return true;
    }
    const dir = path.dirname(file);
    const root = repositoryRoot(dir);
    if (path.relative(root, file).startsWith('..')) return false;
    let ignored = false;
    const chain: string[] = [];
    for (let d = dir; ; d = path.dirname(d)) {
      chain.unshift(d);
      if (d === root || path.dirname(d) === d) break;
    }
    for (const d of chain) {
      const rules = await load(d, root);
      if (!rules) continue;
      const verdict = rules.test(path.relative(d, file).split(path.sep).join('/'));
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  };
}
