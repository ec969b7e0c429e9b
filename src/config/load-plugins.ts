import { pathToFileURL } from 'node:url';
import type { AnyRule } from '../lint/rule.js';
import { UserError } from '../errors.js';
import { ruleCategories } from '../types.js';
import { resolveModule } from '../config-file/resolve-module.js';

const levels = ['off', 'hint', 'info', 'warn', 'error'];

/**
 * Imports a custom-rule module named in a config's `plugins` (a path relative to the config's
 * directory, or a package) and checks that its default export is a rule or a list of rules in the
 * built-in format. `where` names the config entry (file:line:column) for the messages.
 */
export async function loadPlugin(specifier: string, fromDir: string, where: string): Promise<AnyRule[]> {
  const file = resolveModule(specifier, fromDir);
  if (!file) throw new UserError(`${where}: the plugin '${specifier}' is not found (from ${fromDir}); check the path, or install the package there.`);
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UserError(`${where}: the plugin '${specifier}' failed to load: ${reason}.`);
  }
  const exported = module.default;
  const list = Array.isArray(exported) ? exported : [exported];
  if (list.length === 0) throw new UserError(`${where}: the plugin '${specifier}' exports an empty list; export a rule made with defineRule, or a list of them.`);
  list.forEach((rule, i) => {
    const problem = shapeProblem(rule);
    if (problem) {
      const which = Array.isArray(exported) ? `its rule at index ${i}` : 'its default export';
      throw new UserError(`${where}: the plugin '${specifier}' is not a swaglint rule: ${which} ${problem}.`);
    }
  });
  return list as AnyRule[];
}

/** What is wrong with a value that should be a rule, or undefined. */
function shapeProblem(rule: unknown): string | undefined {
  if (rule === null || typeof rule !== 'object') return 'is not an object with meta and create (use defineRule)';
  const { meta, create } = rule as { meta?: unknown; create?: unknown };
  if (meta === null || typeof meta !== 'object') return 'has no meta object';
  const m = meta as Record<string, unknown>;
  if (typeof m['id'] !== 'string' || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*(\/[a-z][a-z0-9]*(-[a-z0-9]+)*)?$/.test(m['id'])) return `has meta.id ${JSON.stringify(m['id'])}, which is not a kebab-case id`;
  if (typeof m['severity'] !== 'string' || !levels.includes(m['severity'])) return `'${m['id']}' has meta.severity ${JSON.stringify(m['severity'])}; use one of ${levels.join(', ')}`;
  if (typeof m['description'] !== 'string') return `'${m['id']}' has no meta.description`;
  // optional for a custom rule (it then counts as a convention), but never something else
  if (m['category'] !== undefined && !(ruleCategories as readonly unknown[]).includes(m['category'])) return `'${m['id']}' has meta.category ${JSON.stringify(m['category'])}; use ${ruleCategories.join(' or ')}`;
  if (m['options'] !== undefined && (m['options'] === null || typeof m['options'] !== 'object')) return `'${m['id']}' has a meta.options that is not a JSON Schema object`;
  if (typeof create !== 'function') return `'${m['id']}' has no create function`;
  return undefined;
}
