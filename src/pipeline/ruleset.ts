// A `--ruleset` over a configuration, and the custom rules a configuration brings (`swaglint rules`):
// loaded on demand by the CLI (a dynamic import), so a plain run never loads them.
export { loadRuleset, withRuleset } from '../config/apply-ruleset.js';
export { declarativeRules } from '../declarative/rule.js';
export { pluginRules } from '../config/plugin-rules.js';
