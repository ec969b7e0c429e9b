import path from 'node:path';
import type { AnyRule } from '../lint/rule.js';
import { loadPlugin } from './load-plugins.js';

/**
 * The custom rules of a configuration, from the module files it names (`Config.plugins`, resolved and
 * checked when the configuration loaded). A configuration names its plugins rather than holding them,
 * so it stays plain data: a worker thread imports the same modules itself, and the cache hashes the
 * names and the modules' text. Each module is imported once per thread (Node keeps it); its checked
 * rules are kept for the next document, up to a bound, as a language server meets many workspaces.
 */
const loaded = new Map<string, Promise<AnyRule[]>>();
const loadedLimit = 256;

export async function pluginRules(files: readonly string[] | undefined): Promise<AnyRule[]> {
  if (!files?.length) return [];
  const lists = await Promise.all(
    files.map((file) => {
      let rules = loaded.get(file);
      if (!rules) {
        rules = loadPlugin(file, path.dirname(file), file);
        if (loaded.size >= loadedLimit) loaded.clear();
        loaded.set(file, rules);
      }
      return rules;
    }),
  );
  return lists.flat();
}
