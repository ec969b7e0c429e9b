// The library's entries into configuration and loading (src/index.ts exports them): each takes the
// working directory from its caller, or the process's (working-directory.ts), and passes it down.
import type { Config } from '../config/types.js';
import { loadConfig as loadConfigFile, type LoadConfigOptions } from '../config/resolve-config.js';
import { createConfigResolver as createResolver, type ConfigResolver, type ResolveConfigOptions as ResolverOptions } from '../config/discover.js';
import { load as loadInput, type LintInput, type LoadOptions as LoadInputOptions } from '../load/load-input.js';
import type { LoadedDocument } from '../load/refs.js';
import { baselineEntries as entriesOf, loadBaseline as loadBaselineFile, type Baseline, type BaselineEntry, type BaselineOptions } from '../config/baseline.js';
import type { Diagnostic } from '../types.js';
import { workingDirectory } from './working-directory.js';
import { selfUriOf } from '../formats/index.js';

export type ResolveConfigOptions = Omit<ResolverOptions, 'cwd'> & { cwd?: string };
export type LoadOptions = Omit<LoadInputOptions, 'cwd'> & { cwd?: string };
export type { ConfigResolver, LoadConfigOptions, Baseline, BaselineEntry, BaselineOptions };
export type { Config, IgnoreList } from '../config/types.js';
// the edges' other needs of configuration, passed through: the edges import the pipeline only
export { configNames } from '../config/discover.js';
export { CodeNotAllowed } from '../config/resolve-config.js';
export { baselineText } from '../config/baseline.js';
export { writeStarterConfig, type ProposedRule } from '../config/starter.js';

/** See config/discover.ts: the resolver of documents' configurations. */
export function createConfigResolver(options: ResolveConfigOptions = {}): ConfigResolver {
  return createResolver({ ...options, cwd: workingDirectory(options.cwd) });
}

/** The configuration for one document, read afresh (for a caller that lints one file, or an editor). */
export function resolveConfig(forFile: string, options: ResolveConfigOptions = {}): Promise<Config> {
  return createConfigResolver(options)(forFile);
}

/** Reads a configuration file, follows `extends`, loads plugins and validates it all. */
export function loadConfig(file: string, options: LoadConfigOptions = {}): Promise<Config> {
  return loadConfigFile(file, { ...options, cwd: workingDirectory(options.cwd) });
}

/** See load/load-input.ts: one document and the files its `$ref`s reach, parsed, for scripts. */
export function load(input: LintInput, options: LoadOptions = {}): Promise<LoadedDocument> {
  // a file's `$self` (OpenAPI 3.2) is its base URI, as when it is linted
  return loadInput(input, { selfUri: (value) => selfUriOf(value), ...options, cwd: workingDirectory(options.cwd) });
}

/** Reads a baseline file (relative to the caller's working directory) for `LintOptions.baseline`. */
export function loadBaseline(file: string, options: BaselineOptions = {}): Promise<Baseline> {
  return loadBaselineFile(file, { cwd: workingDirectory(options.cwd) });
}

/** The baseline entries for these findings, files named relative to the baseline file's folder. */
export function baselineEntries(baselineFile: string, diagnostics: Iterable<Diagnostic>, options: BaselineOptions = {}): BaselineEntry[] {
  return entriesOf(baselineFile, diagnostics, { cwd: workingDirectory(options.cwd) });
}
