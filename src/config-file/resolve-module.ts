import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The file a config names in `extends` or `plugins`: a relative or absolute path from the config's
 * directory, or a package installed where the config is (its node_modules or a parent's), so a
 * shared config resolves the same way wherever swaglint itself is installed. Undefined when none.
 */
export function resolveModule(specifier: string, fromDir: string): string | undefined {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const file = path.resolve(fromDir, specifier);
    return existsSync(file) ? file : undefined;
  }
  try {
    return createRequire(path.join(fromDir, 'swaglint-config.cjs')).resolve(specifier);
  } catch {
    // an ESM-only package (`exports` with the `import` condition alone) is not visible to require
    return resolveEsmPackage(specifier, fromDir);
  }
}

function resolveEsmPackage(specifier: string, fromDir: string): string | undefined {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = parts.slice(nameLength).join('/');
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const root = path.join(dir, 'node_modules', name);
    const manifest = path.join(root, 'package.json');
    if (existsSync(manifest)) {
      if (subpath) return existsSync(path.join(root, subpath)) ? path.join(root, subpath) : undefined;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown; main?: string };
      const entry = exportTarget(pkg.exports) ?? pkg.main ?? 'index.js';
      const file = path.join(root, entry);
      return existsSync(file) ? file : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function exportTarget(exports: unknown): string | undefined {
  if (typeof exports === 'string') return exports;
  if (exports === null || typeof exports !== 'object') return undefined;
  const map = exports as Record<string, unknown>;
  const root = '.' in map ? map['.'] : map;
  if (typeof root === 'string') return root;
  if (root === null || typeof root !== 'object') return undefined;
  const conditions = root as Record<string, unknown>;
  for (const key of ['import', 'default', 'node']) {
    const target = exportTarget(conditions[key]);
    if (target) return target;
  }
  return undefined;
}
