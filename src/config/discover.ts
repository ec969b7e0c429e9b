import { existsSync } from 'node:fs';
import path from 'node:path';
import { lilconfig } from 'lilconfig';
import { builtinRules } from '../../rules/index.js';
import { loadConfig } from './resolve-config.js';
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
  /** Where relative `config` and `pathRules` are from (default: the working directory). */
  cwd?: string;
  /** The last directory searched (default: the filesystem root). */
  stopDir?: string;
}

/** Returns the configuration for a document; one per resolver, so each config file is read once. */
export type ConfigResolver = (forFile: string) => Promise<Config>;

/**
 * Finds, reads and validates the configuration for documents: the nearest config file walking up
 * from each document (or `config`), with the nearest `.swaglint-paths` (or `pathRules`) added as
 * path-scoped overrides. Results are kept per directory for the resolver's life: make a new one to
 * see edited files (the language server does, per lint).
 */
export function createConfigResolver(options: ResolveConfigOptions = {}): ConfigResolver {
  const cwd = options.cwd ?? process.cwd();
  const found = () => true; // lilconfig only finds the file; loadConfig reads it, with positions
  const searcher = lilconfig('swaglint', {
    searchPlaces: configNames,
    loaders: { '.yaml': found, '.yml': found, '.json': found, '.js': found, '.mjs': found },
    stopDir: options.stopDir ?? path.parse(cwd).root,
    cache: false,
  });
  const explicitConfig = options.config === undefined ? undefined : path.resolve(cwd, options.config);
  const explicitPaths = options.pathRules === undefined ? undefined : path.resolve(cwd, options.pathRules);
  const configs = new Map<string, Promise<Config>>();
  const byDir = new Map<string, Promise<Config>>();

  const load = (file: string | undefined): Promise<Config> => {
    const key = file ?? '';
    let config = configs.get(key);
    if (!config) {
      config = file ? loadConfig(file) : Promise.resolve({});
      configs.set(key, config);
    }
    return config;
  };

  const forDir = async (dir: string): Promise<Config> => {
    const configFile = explicitConfig ?? (await searcher.search(dir))?.filepath;
    const config = await load(configFile);
    const pathsFile = explicitPaths ?? findUp(dir, pathRulesName, options.stopDir);
    if (!pathsFile) return config;
    const known = [...[...builtinRules, ...(await pluginRules(config.plugins))].map((r) => r.meta.id), ...(config.declarative ?? []).map((d) => d.id)];
    const overrides = await readPathRules(pathsFile, known);
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
export function resolveConfig(forFile: string, options: ResolveConfigOptions = {}): Promise<Config> {
  return createConfigResolver(options)(forFile);
}

function findUp(dir: string, name: string, stopDir: string | undefined): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, name);
    if (existsSync(candidate)) return candidate;
    if (d === stopDir || path.dirname(d) === d) return undefined;
  }
}
