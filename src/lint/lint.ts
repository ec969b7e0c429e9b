import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, RuleLevel, Severity } from '../types.js';
import { UserError, messages } from '../errors.js';
import { parseSource } from '../load/source.js';
import { lineTable } from '../load/line-table.js';
import { apiKind, wideEncodingResult } from '../load/detect.js';
import { maxDocumentBytes, megabytes } from '../load/limits.js';
import { resolveDocument, type ResolveOptions } from '../load/load.js';
import type { AnyRule } from './rule.js';
import { runRules, runRulesAsync, type ActiveRule } from './run-rules.js';
import { throwIfAborted, yieldToEventLoop } from './abort.js';
import { preset, type PresetName } from './presets.js';
import { builtinRules } from '../../rules/index.js';
import type { Config } from '../config/types.js';
import { scopeFor, type Scope } from '../config/scope.js';
import { applyIgnores, unusedIgnoreId } from '../config/ignores.js';

/** A rule setting: a severity or `off`, optionally with the rule's options. */
export type RuleSetting = RuleLevel | [RuleLevel, Record<string, unknown>?];

export interface LintOptions extends ResolveOptions {
  /**
   * A resolved configuration (`loadConfig`, `resolveConfig`): its preset, rules, plugins and
   * overrides. `preset`, `rules` and `plugins` below apply over it, as command-line flags do.
   */
  config?: Config;
  /** The preset the settings apply over (default: the config's, else `recommended`). */
  preset?: PresetName;
  rules?: Record<string, RuleSetting>;
  /** Report a file that is not an API description instead of skipping it. */
  strict?: boolean;
  /** Rules beyond the built-in ones (custom rules), in the same format. */
  plugins?: readonly AnyRule[];
  /**
   * Cancels the run: it is checked between the parse, the `$ref` resolution and chunks of the walk,
   * and the run rejects with an error named `AbortError` (see `AbortError`).
   */
  signal?: AbortSignal;
}

/** Unsaved text with the uri it stands for, a file, or an `http(s)` URL (fetched with `options.fetch`). */
export type LintInput = { text: string; uri: string } | { path: string } | { url: string };

export interface FileResult {
  uri: string;
  diagnostics: Diagnostic[];
  /** Why the file was not linted, when it was skipped. */
  skipped?: string;
  /** The text of each file a diagnostic points into, for code frames. */
  texts: Map<string, string>;
  /** `$ref`'d files that could not be loaded (missing, refused, unparseable): the result depends on more than `texts`. */
  unloaded?: string[];
}

/** Lints one document and returns its diagnostics, sorted. Never prints, never exits. */
export async function lint(input: LintInput, options: LintOptions = {}): Promise<Diagnostic[]> {
  return (await lintInput(input, options)).diagnostics;
}

export async function lintInput(input: LintInput, options: LintOptions = {}): Promise<FileResult> {
  if ('path' in input) {
    const file = path.resolve(options.cwd ?? process.cwd(), input.path);
    return lintText(await readDocument(file), file, options);
  }
  if ('url' in input) {
    const { readRemoteDocument } = await import('../load/read-remote.js');
    const { uri, text } = await readRemoteDocument(input.url, options.fetch);
    return lintText(text, uri, options);
  }
  return lintText(input.text, input.uri, options);
}

export async function readDocument(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    // the size is checked before reading: a huge file is refused without being held in memory
    const { size } = await fs.stat(file);
    if (size > maxDocumentBytes) throw new UserError(messages.tooLarge(file, megabytes(size), megabytes(maxDocumentBytes)));
    bytes = await fs.readFile(file);
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(messages.noSuchFile(file));
    if (code === 'EISDIR') throw new UserError(messages.isDirectory(file));
    throw new UserError(messages.unreadable(file, code === 'EACCES' ? 'permission denied' : String(code ?? error)));
  }
  return decodeUtf8(bytes);
}

/** Invalid UTF-8 becomes U+FFFD, which the parser then reports at its place. */
function decodeUtf8(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

export function activeRules(options: LintOptions, file?: string): ActiveRule[] {
  return scopeOf(options, file).active;
}

/** The rules a document runs and the path-scoped filter over its findings (src/config/scope.ts). */
function scopeOf(options: LintOptions, file: string | undefined): Scope {
  const { config } = options;
  const plugins = [...(config?.plugins ?? []), ...(options.plugins ?? [])];
  return scopeFor({
    rules: plugins.length ? [...builtinRules, ...plugins] : builtinRules,
    preset: options.preset ?? config?.preset ?? 'recommended',
    configRules: config?.rules,
    overrides: config?.overrides,
    finalRules: options.rules,
    file: file !== undefined && path.isAbsolute(file) ? file : undefined,
  });
}

export async function lintText(text: string, uri: string, options: LintOptions = {}): Promise<FileResult> {
  const { signal } = options;
  throwIfAborted(signal);
  const texts = new Map([[uri, text]]);
  if (text.length > maxDocumentBytes) {
    // text from an editor or a script: already in memory, but parsing it would cost many times more
    const at = { line: 0, character: 0 };
    const message = `The file is ${megabytes(text.length)}, over swaglint's limit of ${megabytes(maxDocumentBytes)} for one document; split it with $refs.`;
    return { uri, texts, diagnostics: [{ ruleId: 'parse-error', severity: 'error', message, uri, pointer: '', range: { start: at, end: at } }] };
  }
  // UTF-16 read as UTF-8 has a NUL between letters: say so, not "control character at 1:2" or "skipped"
  const wide = wideEncodingResult(text, uri, options.strict === true);
  if (wide) return { uri, ...wide };
  const parsed = parseSource(text, uri);
  if (!parsed.ok) {
    // pre-commit hands the hook every staged YAML and JSON file: a GitLab CI file (`!reference`), a
    // CloudFormation template (`!Ref`), a tsconfig.json with comments do not parse as plain YAML or
    // JSON, and are no more API descriptions than a compose file
    if (!options.strict && !/(?:^|[\s{,])["']?(?:swagg?e?r|open-?api)["']?\s*:/im.test(text)) {
      return { uri, texts, diagnostics: [], skipped: 'not an API description (it does not parse, and has no swagger or openapi field)' };
    }
    const { problem } = parsed;
    const at = lineTable(problem.text)(problem.offset);
    const range = { start: at, end: at };
    return { uri, texts, diagnostics: [{ ruleId: 'parse-error', severity: 'error', message: `The file does not parse: ${problem.message}.`, uri, pointer: '', range }] };
  }
  const source = parsed.source;
  const value = source.value as Record<string, unknown> | null;
  const kind = apiKind(value).kind;
  // a document without `swagger` but with Swagger's shape is linted: swagger-version reports the field
  if (value === null || kind === 'none') {
    const reason = 'not an API description (no top-level swagger or openapi field)';
    if (!options.strict) return { uri, texts, diagnostics: [], skipped: reason };
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { uri, texts, diagnostics: [{ ruleId: 'not-swagger', severity: 'error', message: `The file is ${reason}; a Swagger 2.0 document starts with swagger: "2.0".`, uri, pointer: '', range }] };
  }
  const scope = scopeOf(options, uri);
  let rules = scope.active;
  // An OpenAPI 3 document gets the one finding that says so, not a schema error per difference.
  if (kind === 'openapi') rules = rules.filter((r) => r.rule.meta.id === 'swagger-version');
  if (signal) {
    // the parse was one synchronous step: let a newer edit's abort arrive before the rest
    await yieldToEventLoop();
    throwIfAborted(signal);
  }
  await Promise.all(rules.map((r) => r.rule.setup?.()));
  const doc = await resolveDocument(source, options);
  for (const s of doc.sources.values()) texts.set(s.uri, s.text);
  const found = signal ? await runRulesAsync(doc, rules, signal) : runRules(doc, rules);
  // the filter stage: path-scoped settings, then inline ignores (which must see only what is kept)
  const unused = rules.find((r) => r.rule.meta.id === unusedIgnoreId)?.severity;
  const diagnostics = applyIgnores(scope.filter(found), doc.sources.values(), unused);
  return { uri, texts, diagnostics: sortDiagnostics(diagnostics), ...(doc.failures.size ? { unloaded: [...doc.failures.keys()] } : {}) };
}

const rank: Record<Severity, number> = { error: 0, warn: 1, info: 2, hint: 3 };

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort(
    (a, b) =>
      (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
      rank[a.severity] - rank[b.severity] ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}
