import path from 'node:path';
import type { ExitCode, Io } from './io.js';
import { ruleInfos } from './rule-info.js';
import { builtinRules, categoryOf, formatsOf, type AnyRule } from '../pipeline/catalog.js';
import type { RuleCategory } from '../types.js';

/** A custom rule as `swaglint rules` lists it: a plugin's, or one written as data, with where it is defined. */
export interface CustomRuleInfo {
  id: string;
  severity: string;
  /** A custom rule that names no category is a convention. */
  category: RuleCategory;
  description: string;
  source: string;
}

/** The custom rules of the configuration found from `cwd` (or `--config`), with a `--ruleset` over it. */
export async function customRulesFrom(options: { config?: string | undefined; ruleset?: string | undefined; cwd: string }): Promise<CustomRuleInfo[]> {
  const { createConfigResolver } = await import('../pipeline/library.js');
  let config = await createConfigResolver({ cwd: options.cwd, ...(options.config !== undefined ? { config: options.config } : {}) })(path.join(options.cwd, 'swaglint-rules'));
  if (options.ruleset !== undefined) {
    const { loadRuleset, withRuleset } = await import('../pipeline/ruleset.js');
    config = withRuleset(config, await loadRuleset(options.ruleset, options.cwd));
  }
  const { declarativeRules, pluginRules } = await import('../pipeline/ruleset.js');
  const rules: AnyRule[] = [...(await pluginRules(config.plugins)), ...declarativeRules(config.declarative)];
  return rules.map(({ meta }) => ({
    id: meta.id,
    // the severity it runs at under this configuration: its own unless `rules` set another
    severity: String(severityIn(config.rules?.[meta.id]) ?? meta.severity),
    category: categoryOf({ meta }),
    description: meta.description,
    source: meta.source ?? 'plugin',
  }));
}

function severityIn(setting: unknown): string | undefined {
  return Array.isArray(setting) ? String(setting[0]) : typeof setting === 'string' ? setting : undefined;
}

export function rulesCommand(format: 'text' | 'json', io: Io, custom: readonly CustomRuleInfo[] = []): ExitCode {
  const infos = ruleInfos();
  if (format === 'json') {
    const out = builtinRules.map(({ meta }) => ({
      id: meta.id,
      severity: meta.severity,
      ...(meta.category ? { category: meta.category } : {}),
      formats: formatsOf({ meta }),
      ...(meta.allSeverity ? { allSeverity: meta.allSeverity } : {}),
      description: meta.description,
      ...(meta.options ? { options: meta.options } : {}),
      docs: `docs/rules/${meta.id}.md`,
    }));
    const customOut = custom.map((c) => ({ id: c.id, severity: c.severity, category: c.category, description: c.description, source: c.source, custom: true }));
    io.stdout.write(JSON.stringify([...out, ...customOut], null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...infos.map((r) => r.id.length), ...custom.map((c) => c.id.length));
  // which API formats each rule runs on: `swagger2`, `openapi3` or both
  const formatsWidth = Math.max(...infos.map((r) => (r.formats ?? []).join(',').length));
  for (const r of infos) io.stdout.write(`${r.id.padEnd(width)}  ${r.severity.padEnd(5)}  ${(r.category ?? '').padEnd(10)}  ${(r.formats ?? []).join(',').padEnd(formatsWidth)}  ${r.description}\n`);
  if (custom.length) {
    io.stdout.write(`\nCustom rules:\n`);
    for (const c of custom) io.stdout.write(`${c.id.padEnd(width)}  ${c.severity.padEnd(5)}  ${c.category.padEnd(10)}  ${c.description}  (${c.source})\n`);
  }
  return 0;
}
