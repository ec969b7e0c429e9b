import path from 'node:path';
import { boundMessage } from '../text/quote.js';
import { severityRank, type Diagnostic, type Range, type RuleCategory, type RuleSetting } from '../types.js';
import { isObject } from '../json.js';
import { parseSource, rangeOf } from '../load/source.js';
import { entryRefs } from '../load/entry-refs.js';
import { lineTable } from '../load/line-table.js';
import { wideEncodingResult } from '../load/wide-encoding.js';
import { maxDocumentBytes, megabytes } from '../load/limits.js';
import { readDocument } from '../load/read-document.js';
import { resolveDocument, type ResolveOptions, type SourceCache } from '../load/load.js';
import type { LoadedDocument } from '../load/refs.js';
import type { FetchOptions } from '../load/credentials.js';
import type { LintInput } from '../load/load-input.js';
import { categoryOf, runsOn, type AnyRule } from '../lint/rule.js';
import type { ApiFormat } from '../lint/format.js';
import { startRules, runRulesAsync, type ActiveRule } from '../lint/run-rules.js';
import { throwIfAborted, yieldToEventLoop } from '../lint/abort.js';
import type { PresetName } from '../lint/presets.js';
import { detectFormat, formats as builtinFormats } from '../formats/index.js';
import { fieldList, mayNameFormat, namesFormatOrShape, sniffedFields, versionFields } from '../formats/sniff.js';
import { rulesOf } from './catalog.js';
import type { Config } from '../config/types.js';
import { pluginRules } from '../config/plugin-rules.js';
import { scopeFor, type Scope } from '../config/scope.js';
import { filterFindings, type FilterSettings } from '../filters/index.js';
import { declarativeRules } from '../declarative/rule.js';
import { workingDirectory } from './working-directory.js';

// The pipeline: text → format → source → document → one walk → findings → filters → report. The
// CLI (through its worker pool), the library, the language server and the lint service call it;
// the engine below (src/lint/) is given a format and rules and knows no configuration or filter.

export type { RuleSetting, LintInput };

/** Fetching remote documents and `$ref`s, as settings: whether, with which credentials, how long. */
export type FetchSettings = Omit<FetchOptions, 'debug'>;

/**
 * What decides a run's findings, as plain data: the cache hashes it, the worker pool sends it to
 * worker threads as it is. Nothing here is a function or a live object (those are `LintRuntime`'s),
 * so a new setting cannot silently turn off the pool or the cache.
 */
export interface LintSettings extends FilterSettings {
  /**
   * A resolved configuration (`loadConfig`, `resolveConfig`): its preset, rules, plugins (named by
   * module) and overrides. `preset` and `rules` below apply over it, as command-line flags do.
   */
  config?: Config;
  /** The preset the settings apply over (default: the config's, else `recommended`). */
  preset?: PresetName;
  rules?: Record<string, RuleSetting>;
  /** Report a file that is not an API description instead of skipping it. */
  strict?: boolean;
  /**
   * Run only the rules of this category (`validity`: is this valid Swagger 2.0? `convention`: does it
   * follow the house conventions?); findings about the file itself (it does not parse) always come.
   */
  category?: RuleCategory;
  /** Local `$ref`s may leave the project (the enclosing git repository, or the working directory). */
  allowExternalRefs?: boolean;
  /** The directory `$ref`s may not leave; found from the document when not given. */
  projectRoot?: string;
  /** Relative paths (an input's, a configuration's `files`) are relative to this (default: the process's). */
  cwd?: string;
  fetch?: FetchSettings;
}

/** The live objects of one run, this thread's own: never hashed, never sent to a worker. */
export interface LintRuntime {
  /**
   * Cancels the run: it is checked between the parse, the `$ref` resolution and chunks of the walk,
   * and the run rejects with an error named `AbortError` (see `AbortError`).
   */
  signal?: AbortSignal;
  /** Parsed `$ref`'d files kept across runs (an editor's session); see `SourceCache`. */
  sourceCache?: SourceCache;
  /** Receives one line per request made (method, URL without credentials, status); never a header value. */
  debug?: (line: string) => void;
  /**
   * Rule objects beyond the built-in ones, given in this thread (a script's own rules, a rule's
   * tests). A configuration names its plugins by module instead, which also works in worker threads.
   */
  plugins?: readonly AnyRule[];
  /**
   * The API formats a document may be (default: every format swaglint has, src/formats/index.ts).
   * Live objects (detection functions), so a runtime option: a test's own format, say.
   */
  formats?: readonly ApiFormat[];
  /** Name, in the result's `entries`, the root's `$ref` that leads to each other file with findings (an editor's view of one file). */
  entries?: boolean;
}

/** The library's options: the settings and the runtime of one run together. */
export type LintOptions = LintSettings & LintRuntime;

/** What the loader takes, from the settings and the runtime. */
function resolveOptions(options: LintOptions): ResolveOptions {
  const { allowExternalRefs, projectRoot, sourceCache, debug } = options;
  const fetch = options.fetch || debug ? { ...options.fetch, ...(debug ? { debug } : {}) } : undefined;
  return {
    ...(allowExternalRefs !== undefined ? { allowExternalRefs } : {}),
    ...(projectRoot !== undefined ? { projectRoot } : {}),
    cwd: workingDirectory(options.cwd),
    ...(sourceCache ? { sourceCache } : {}),
    ...(fetch ? { fetch } : {}),
  };
}

export interface FileResult {
  uri: string;
  diagnostics: Diagnostic[];
  /** Why the file was not linted, when it was skipped. */
  skipped?: string;
  /** The text of each file a diagnostic points into, for code frames. */
  texts: Map<string, string>;
  /** `$ref`'d files that could not be loaded (missing, refused, unparseable): the result depends on more than `texts`. */
  unloaded?: string[];
  /**
   * For each other file with findings, the root's `$ref` (its value's range) through which the root
   * reaches it: where an editor showing the root alone points at that file's findings.
   */
  entries?: Map<string, Range>;
}

/** Lints one document and returns its diagnostics, sorted. Never prints, never exits. */
export async function lint(input: LintInput, options: LintOptions = {}): Promise<Diagnostic[]> {
  return (await lintInput(input, options)).diagnostics;
}

export async function lintInput(input: LintInput, options: LintOptions = {}): Promise<FileResult> {
  if ('path' in input) {
    const file = path.resolve(workingDirectory(options.cwd), input.path);
    return lintText(await readDocument(file), file, options);
  }
  if ('url' in input) {
    const { readRemoteDocument } = await import('../load/read-remote.js');
    const { uri, text } = await readRemoteDocument(input.url, resolveOptions(options).fetch);
    return lintText(text, uri, options);
  }
  return lintText(input.text, input.uri, options);
}

/** The rules a document of `format` (default: Swagger 2.0) runs with these options: what the benches time. */
export async function activeRules(options: LintOptions, file?: string, format: ApiFormat = (options.formats ?? builtinFormats)[0]!): Promise<ActiveRule[]> {
  return forFormat((await scopeOf(options, file)).active, format, 'declared');
}

/** The rules a document runs and the path-scoped filter over its findings (src/config/scope.ts). */
async function scopeOf(options: LintOptions, file: string | undefined): Promise<Scope> {
  const { config } = options;
  const plugins = [...(await pluginRules(config?.plugins)), ...declarativeRules(config?.declarative), ...(options.plugins ?? [])];
  const builtinRules = rulesOf(options.formats ?? builtinFormats);
  const scope = scopeFor({
    rules: plugins.length ? [...builtinRules, ...plugins] : builtinRules,
    preset: options.preset ?? config?.preset ?? 'recommended',
    configRules: config?.rules,
    overrides: config?.overrides,
    finalRules: options.rules,
    file: file !== undefined && path.isAbsolute(file) ? file : undefined,
    cwd: workingDirectory(options.cwd),
  });
  const { category } = options;
  return category ? { ...scope, active: scope.active.filter((r) => categoryOf(r.rule) === category) } : scope;
}

export async function lintText(text: string, uri: string, options: LintOptions = {}): Promise<FileResult> {
  return lintTextKeeping(text, uri, options);
}

/**
 * What a lint that walked the document parsed, ran and found, before the filters: where an editor's
 * re-lint of the next edit starts (pipeline/incremental.ts).
 */
export interface KeptRun {
  doc: LoadedDocument;
  format: ApiFormat;
  rules: readonly ActiveRule[];
  scope: Scope;
  /** The rules' raw findings. */
  found: readonly Diagnostic[];
  /** What the rules' `Filter:done` hooks reported. */
  afterFilter: readonly Diagnostic[];
}

/** `lintText`, handing `keep` what the run parsed, ran and found when it walked the document. */
export async function lintTextKeeping(text: string, uri: string, options: LintOptions, keep?: (run: KeptRun) => void): Promise<FileResult> {
  const { signal } = options;
  throwIfAborted(signal);
  const texts = new Map([[uri, text]]);
  if (text.length > maxDocumentBytes) {
    // text from an editor or a script: already in memory, but parsing it would cost many times more
    const at = { line: 0, character: 0 };
    const message = `The file is ${megabytes(text.length)}, over swaglint's limit of ${megabytes(maxDocumentBytes)} for one document; split it with $refs.`;
    return { uri, texts, diagnostics: [{ ruleId: 'parse-error', severity: 'error', category: 'validity', message, uri, pointer: '', range: { start: at, end: at } }] };
  }
  // UTF-16 read as UTF-8 has a NUL between letters: say so, not "control character at 1:2" or "skipped"
  const among = options.formats ?? builtinFormats;
  const wide = wideEncodingResult(text, uri, options.strict === true, { test: (narrow) => namesFormatOrShape(narrow, among), fields: sniffedFields(among) });
  if (wide) return { uri, ...wide };
  const parsed = parseSource(text, uri);
  if (!parsed.ok) {
    // pre-commit hands the hook every staged YAML and JSON file: a GitLab CI file (`!reference`), a
    // CloudFormation template (`!Ref`), a tsconfig.json with comments do not parse as plain YAML or
    // JSON, and are no more API descriptions than a compose file
    if (!options.strict && !mayNameFormat(text, among)) {
      return { uri, texts, diagnostics: [], skipped: `not an API description (it does not parse, and has no ${fieldList(versionFields(among))} field)` };
    }
    const { problem } = parsed;
    const at = lineTable(problem.text)(problem.offset);
    const range = { start: at, end: at };
    return { uri, texts, diagnostics: [{ ruleId: 'parse-error', severity: 'error', category: 'validity', message: boundMessage(`The file does not parse: ${problem.message}.`), uri, pointer: '', range }] };
  }
  const source = parsed.source;
  const value = source.value;
  // a document without `swagger` but with Swagger's shape is linted: swagger-version reports the field
  const detected = isObject(value) ? detectFormat(value, among) : undefined;
  if (!detected) {
    const reason = `not an API description (no top-level ${fieldList(versionFields(among))} field)`;
    if (!options.strict) return { uri, texts, diagnostics: [], skipped: reason };
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { uri, texts, diagnostics: [{ ruleId: 'not-swagger', severity: 'error', category: 'validity', message: `The file is ${reason}; ${startsWith(among)}.`, uri, pointer: '', range }] };
  }
  const scope = await scopeOf(options, uri);
  const { format, claim } = detected;
  const rules = forFormat(scope.active, format, claim);
  if (signal) {
    // the parse was one synchronous step: let a newer edit's abort arrive before the rest
    await yieldToEventLoop();
    throwIfAborted(signal);
  }
  await Promise.all(rules.map((r) => r.rule.setup?.(format.id)));
  // the format says where a file names its own base URI (OpenAPI 3.2's `$self`)
  const doc = await resolveDocument(source, { ...resolveOptions(options), ...(format.selfUri ? { selfUri: format.selfUri } : {}) });
  for (const s of doc.sources.values()) texts.set(s.uri, s.text);
  await Promise.all(rules.map((r) => r.rule.prepare?.(doc)));
  const ruleFormat = { id: format.id, kinds: format.kinds };
  const run = signal ? await runRulesAsync(doc, ruleFormat, rules, signal) : startRules(doc, ruleFormat, rules);
  const raw = run.found.length;
  const diagnostics = filterFindings(run.found, doc, (found) => scope.filter(found), run.afterFilter, options);
  keep?.({ doc, format, rules, scope, found: run.found.slice(0, raw), afterFilter: run.found.slice(raw) });
  const elsewhere = new Set(options.entries ? diagnostics.filter((d) => d.uri !== uri).map((d) => d.uri) : []);
  const entries = elsewhere.size > 0 ? new Map([...entryRefs(doc, elsewhere)].map(([file, pointer]) => [file, rangeOf(doc.root, [...pointer, '$ref'], 'value')])) : undefined;
  return { uri, texts, diagnostics: sortDiagnostics(diagnostics), ...(doc.failures.size ? { unloaded: [...doc.failures.keys()] } : {}), ...(entries?.size ? { entries } : {}) };
}

/** `a Swagger 2.0 document starts with swagger: "2.0", an OpenAPI 3.0/3.1 one with openapi: 3.1.0 …`. */
function startsWith(among: readonly ApiFormat[]): string {
  return among
    .filter((f) => f.declaration !== undefined)
    .map((f, i) => `${/^[aeiou]/i.test(f.name) ? 'an' : 'a'} ${f.name} ${i === 0 ? 'document starts' : 'one'} with ${f.declaration}`)
    .join(', ');
}

/**
 * The active rules written for a document's format; only the format's `fallbackRules` when it took
 * the document as a fallback (an OpenAPI 3 document gets the one finding that says so, not a schema
 * error per difference).
 */
function forFormat(active: readonly ActiveRule[], format: ApiFormat, claim: string): ActiveRule[] {
  const fallback = claim === 'fallback' ? new Set(format.fallbackRules ?? []) : undefined;
  return active.filter(({ rule }) => (fallback ? fallback.has(rule.meta.id) : runsOn(rule, format.id)));
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort(
    (a, b) =>
      (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
      severityRank[b.severity] - severityRank[a.severity] ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}
