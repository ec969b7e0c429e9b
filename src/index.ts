// swaglint's library API: the only module editors and scripts import. No side effects on import:
// every module below only declares; heavy ones (the $ref resolver, formatters) load on first use.
export type { Consequence, Diagnostic, Fix, Position, Range, RelatedLocation, RuleCategory, RuleLevel, Severity, TextEdit } from './types.js';
export { ruleCategories } from './types.js';
export { type LintInput, type LintOptions, type LintSettings, type LintRuntime, type FetchSettings, type FileResult, type RuleSetting } from './pipeline/lint.js';
export { lint, lintText, lintInput, type LibraryLintOptions } from './pipeline/library-lint.js';
export { validate } from './pipeline/validate.js';
export { baselineText } from './config/baseline.js';
export { loadBaseline, baselineEntries, type Baseline, type BaselineEntry, type BaselineOptions } from './pipeline/library.js';
export type { FilterSettings } from './filters/index.js';
export { foldFindings } from './filters/fold.js';
export { load, type LoadOptions } from './pipeline/library.js';
export type { LoadedDocument } from './load/refs.js';
export type { Source } from './load/source.js';
export type { SourceCache } from './load/load.js';
export type { Credential, FetchOptions, OriginCredentials } from './load/credentials.js';
export { AbortError, isAbortError } from './lint/abort.js';
export { defineRule, type Rule, type AnyRule, type RuleMeta, type RuleContext, type Node, type Report, type Visitors, type JsonObject, type FilterOutcome, type UnusedIgnore, type IgnoreKind } from './lint/rule.js';
export { formats } from './formats/index.js';
export { builtinRules } from './pipeline/catalog.js';
export { preset, type PresetName } from './lint/presets.js';
export type { ApiFormat, FormatKinds, ChildSpec, Claim, CompiledValidator } from './lint/format.js';
export { getFormatter, formatNames, isFormatName, type FormatName } from './format/index.js';
export type { Formatter, FileReport, FormatContext, RuleInfo } from './format/types.js';
export { UserError } from './errors.js';
export { renderDescription } from './markdown/render.js';
export { renderDocument, type SwaggerDocument } from './pipeline/render.js';

// Configuration: a resolved config goes in `LintOptions.config`.
export type { Config, Override } from './config/types.js';
export { loadConfig, resolveConfig, createConfigResolver, type ResolveConfigOptions, type ConfigResolver } from './pipeline/library.js';
export { configNames } from './config/discover.js';

// The path-rules file's section syntax and path inheritance, which the lint service (swaglint-server) reuses for its path authorization.
export { sectionPattern } from './config/path-rules.js';
export { pathMatcher } from './config/scope.js';

// Declarative rules a lint service stores and runs (swaglint-server's rulesets): data only, no code.
export { parseStoredRules, StoredRuleError, maxStoredRules } from './declarative/stored-rules.js';
export type { DeclarativeRuleSpec } from './declarative/types.js';
