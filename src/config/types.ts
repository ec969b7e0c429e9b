import type { PresetName } from '../lint/presets.js';
import type { Override, RuleSetting } from '../types.js';
import type { DeclarativeRuleSpec } from '../declarative/types.js';

export type { Override, RuleSetting };

/**
 * A resolved configuration: `extends` followed and merged, plugins loaded, everything validated.
 * Plain data (no functions), so it can be hashed by the cache and sent to a worker thread.
 */
export interface Config {
  /** The preset the rules apply over (default `recommended`). */
  preset?: PresetName;
  rules?: Readonly<Record<string, RuleSetting>>;
  /**
   * Modules of custom rules (absolute files), each checked when the configuration loaded; the engine
   * imports them where it runs (src/config/plugin-rules.ts).
   */
  plugins?: readonly string[];
  overrides?: readonly Override[];
  /** Rules written as data (`given`/`then`), from the configuration or a Spectral ruleset: plain JSON, so workers and the cache take them. */
  declarative?: readonly DeclarativeRuleSpec[];
  /** What a Spectral ruleset has that swaglint cannot run, for the command line to say once. */
  notices?: readonly string[];
  /** The files this configuration was read from, the one found first first. */
  files?: readonly string[];
}
