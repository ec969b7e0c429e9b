// swaglint's library API: the only module editors and scripts import. No side effects on import.
export type { Diagnostic, Fix, Position, Range, RuleLevel, Severity, TextEdit } from './types.js';
export { lint, lintText, lintInput, type LintInput, type LintOptions, type FileResult, type RuleSetting } from './lint/lint.js';
export { defineRule, type Rule, type RuleMeta, type RuleContext, type Node, type Report, type Visitors, type JsonObject } from './lint/rule.js';
export { builtinRules } from '../rules/index.js';
export { preset, type PresetName } from './lint/presets.js';
export { UserError } from './errors.js';
