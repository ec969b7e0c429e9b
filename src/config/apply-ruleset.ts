import path from 'node:path';
import type { Config } from './types.js';
import { readSpectralRuleset, type RulesetLayer } from '../declarative/spectral.js';

/** `--ruleset FILE`: a Spectral ruleset read once for the run. */
export function loadRuleset(file: string, cwd: string): Promise<RulesetLayer> {
  return readSpectralRuleset(path.resolve(cwd, file), `--ruleset ${file}`, cwd);
}

/**
 * A document's configuration with a `--ruleset` applied over it, as a last `extends` would be:
 * its rule definitions replace the configuration's of the same id, its severities win.
 */
export function withRuleset(config: Config, ruleset: RulesetLayer | undefined): Config {
  if (!ruleset) return config;
  const ids = new Set(ruleset.declarative.map((d) => d.id));
  return {
    ...config,
    declarative: [...(config.declarative ?? []).filter((d) => !ids.has(d.id)), ...ruleset.declarative],
    rules: { ...(config.rules ?? {}), ...ruleset.rules },
    overrides: [...(config.overrides ?? []), ...ruleset.overrides],
    files: [...(config.files ?? []), ...ruleset.files],
    notices: [...new Set([...(config.notices ?? []), ...ruleset.notices])],
  };
}
