import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Ignore } from 'ignore';

/**
 * Whether git would ignore a file, from the `.gitignore` files between its repository's root and its
 * directory (and `.git/info/exclude`): a deeper file's rules win, as in git. Outside a repository the
 * working directory stands in for the root. Each `.gitignore` is read once per run.
 */
export async function gitignoreFilter(cwd: string): Promise<(file: string) => Promise<boolean>> {
  const { default: ignore } = await import('ignore');
  const levels = new Map<string, Promise<Ignore | undefined>>();
  const rootOf = new Map<string, string>();

  const load = (dir: string, root: string): Promise<Ignore | undefined> => {
    let level = levels.get(dir);
    if (!level) {
      const files = [path.join(dir, '.gitignore'), ...(dir === root ? [path.join(root, '.git', 'info', 'exclude')] : [])];
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
