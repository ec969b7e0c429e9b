import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { builtinRules } from '../../rules/index.js';
import { loadConfig } from './resolve-config.js';
import { findProjectRoot } from '../load/load.js';
import { pathRulesName, readPathRules } from './path-rules.js';
import type { Config } from './types.js';
import { pluginRules } from './plugin-rules.js';

/** Where a configuration is looked for, in each directory from the document's up. */
export const configNames = ['.swaglint.yaml', '.swaglint.yml', '.swaglint.json', 'swaglint.config.js', 'swaglint.config.mjs'];

export interface ResolveConfigOptions {
  /** A configuration file to use for every document instead of searching (`--config`). */
  config?: string;
  /** A path-rules file to use instead of searching for `.swaglint-paths` (`--path-rules`). */
  pathRules?: string;
  /**
   * Where relative `config` and `pathRules` are from, and what messages show files relative to: the
   * run's working directory (the library's entry defaults it to the process's, src/pipeline/library.ts).
   */
  cwd: string;
  /**
   * The last directory searched (default: each document's project root, the enclosing git
   * repository, as for `$ref`s: a configuration above it belongs to someone else, such as a
   * shared CI machine's home directory).
   */
  stopDir?: string;
  /** Whether configurations may run code (JavaScript configs, plugins); default true. See loadConfig. */
  allowCode?: boolean;
}

/** Returns the configuration for a document; one per resolver, so each config file is read once. */
export type ConfigResolver = (forFile: string) => Promise<Config>;

/**
 * Finds, reads and validates the configuration for documents: the nearest config file walking up
 * from each document (or `config`), with the nearest `.swaglint-paths` (or `pathRules`) added as
 * path-scoped overrides. Results are kept per directory for the resolver's life: make a new one to
 * see edited files (the language server does, per lint).
 */
export function createConfigResolver(options: ResolveConfigOptions): ConfigResolver {
  const cwd = options.cwd;
  const stopFor = (dir: string) => options.stopDir ?? projectStop(dir, cwd);
  const explicitConfig = options.config === undefined ? undefined : path.resolve(cwd, options.config);
  const explicitPaths = options.pathRules === undefined ? undefined : path.resolve(cwd, options.pathRules);
  const configs = new Map<string, Promise<Config>>();
  const byDir = new Map<string, Promise<Config>>();

  const load = (file: string | undefined): Promise<Config> => {
    const key = file ?? '';
    let config = configs.get(key);
    if (!config) {
      config = file ? loadConfig(file, { allowCode: options.allowCode !== false, cwd }) : Promise.resolve({});
      configs.set(key, config);
    }
    return config;
  };

  const forDir = async (dir: string): Promise<Config> => {
    const stopDir = stopFor(dir);
    const configFile = explicitConfig ?? findUp(dir, configNames, stopDir);
    const config = await load(configFile);
    const pathsFile = explicitPaths ?? findUp(dir, [pathRulesName], stopDir);
    if (!pathsFile) return config;
    const known = [...[...builtinRules, ...(await pluginRules(config.plugins))].map((r) => r.meta.id), ...(config.declarative ?? []).map((d) => d.id)];
    const overrides = await readPathRules(pathsFile, known, cwd);
    return { ...config, overrides: [...(config.overrides ?? []), ...overrides], files: [...(config.files ?? []), pathsFile] };
  };

  return (forFile) => {
    const dir = path.dirname(path.resolve(cwd, forFile));
    let config = byDir.get(dir);
    if (!config) {
      config = forDir(dir);
      byDir.set(dir, config);
    }
    return config;
  };
}

/** The configuration for one document, read afresh (for a caller that lints one file, or an editor). */
export function resolveConfig(forFile: string, options: ResolveConfigOptions): Promise<Config> {
  return createConfigResolver(options)(forFile);
}

/**
 * Where the search from `dir` stops: its git repository's root. Outside any repository, the
 * filesystem root, as before (a lone document in a temp folder still finds a config above it).
 */
function projectStop(dir: string, cwd: string): string {
  const root = findProjectRoot(dir, cwd);
  const rel = path.relative(root, dir);
  const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  return inside && existsSync(path.join(root, '.git')) ? root : path.parse(dir).root;
}

/**
 * The nearest of `names` walking up from `dir` to `stopDir`, the first name winning in one directory.
 * Found by looking, never by reading (a FIFO there would block a read; reading it is the loader's
 * job, which refuses anything but a regular file). An empty regular file is passed over, as an
 * empty search place always was.
 */
function findUp(dir: string, names: readonly string[], stopDir: string | undefined): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    for (const name of names) {
      const candidate = path.join(d, name);
      const stat = statSync(candidate, { throwIfNoEntry: false });
      if (stat && !(stat.isFile() && stat.size === 0)) return candidate;
    }
    if (d === stopDir || path.dirname(d) === d) return undefined;
  }
}
