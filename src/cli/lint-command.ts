import path from 'node:path';
import { packageLinks } from '../package-links.js';
import type { ExitCode, Io } from './io.js';
import { failsAt, type FailLevel } from './fail-level.js';
import { relative } from '../format/relative.js';
import { expandFiles } from './files.js';
import { writeReport } from './write-report.js';
import { UserError } from '../errors.js';
import type { FileResult, LintRuntime, LintSettings, RuleSetting } from '../pipeline/lint.js';
import { redactSecrets, secretsOf, type FetchOptions } from '../pipeline/inputs.js';
import { lintFiles } from './lint-files.js';
import { LintCache } from './lint-cache.js';
import { progressLine } from './progress.js';
import { builtinRules } from '../pipeline/catalog.js';
import { formatNames, getFormatter, type FormatName } from '../format/index.js';
import type { FileReport, FormatContext } from '../format/types.js';
import { ruleInfos } from './rule-info.js';
import { skipNotice } from './skip-summary.js';
import { version } from '../version.js';
import { baselineEntries, baselineText, createConfigResolver, loadBaseline, type ConfigResolver, type IgnoreList } from '../pipeline/library.js';
import { applySettingsFilters, foldFindings, type FilterSettings } from '../pipeline/findings.js';
import type { Diagnostic, RuleCategory, RuleLevel } from '../types.js';
import { fetchOptionsFrom, type RemoteArgs } from './auth-flags.js';
import { printable } from '../format/printable.js';
import { readStdin, stdinTarget } from './stdin.js';
import { lintInput } from '../pipeline/lint.js';

export interface LintArgs {
  files: string[];
  formats: string[];
  outputs: string[];
  failOn: FailLevel;
  maxWarnings?: number;
  quiet: boolean;
  strict: boolean;
  preset?: 'recommended' | 'all' | undefined;
  /** `--category`: run only the validity or only the convention rules. */
  category?: RuleCategory | undefined;
  rules: string[];
  config?: string | undefined;
  pathRules?: string | undefined;
  baseline?: string | undefined;
  baselineWrite?: string | undefined;
  allowExternalRefs: boolean;
  color: boolean;
  cwd: string;
  /** URLs: whether to fetch remote $refs, credentials, time limit. */
  remote?: RemoteArgs;
  /** `--ruleset`: a Spectral ruleset applied over each document's configuration. */
  ruleset?: string | undefined;
  /** `--cache`: the cache file, or undefined for no cache. */
  cacheLocation?: string;
  /** `--publish`: the lint service's URL of the API to post the document to. */
  publish?: string;
  /** `--no-ignore` makes this false: .swaglintignore, `ignores:` and `--ignore-pattern` are then not used. */
  ignore?: boolean;
  /** `--ignore-pattern`s: what directories and globs leave out, relative to the working directory. */
  ignorePatterns?: string[];
  /** `--no-fold` makes this false: a root cause's consequences are listed, not folded into it. */
  fold?: boolean;
  /** `--verbose`: name every skipped file on stderr. */
  verbose?: boolean;
  /** `--markdown-details`: the stylish report lists every description-markdown finding. */
  markdownDetails?: boolean;
  /** `--stdin-filename`: with `-` as the file, the name the document on stdin stands for. */
  stdinFilename?: string;
}

const levels: readonly RuleLevel[] = ['off', 'hint', 'info', 'warn', 'error'];

export async function lintCommand(args: LintArgs, io: Io): Promise<ExitCode> {
  // with --publish the credentials are the lint service's: they go to its origin (and any --auth-origin), never to the document's server
  const fetch = await fetchOptionsFrom(args.remote ?? { header: [], authOrigin: [], resolveRemote: false }, args.publish !== undefined ? [args.publish] : args.files, io);
  const secrets = secretsOf(fetch.credentials);
  if (secrets.length === 0) return lintWith(args, io, fetch, secrets);
  try {
    return await lintWith(args, io, fetch, secrets);
  } catch (error) {
    // defensive: no message is built with a secret in it, but one could come back from a server or a library
    if (error instanceof Error) {
      if (error instanceof UserError) throw new UserError(redactSecrets(error.message, secrets));
      error.message = redactSecrets(error.message, secrets);
      if (error.stack) error.stack = redactSecrets(error.stack, secrets);
    }
    throw error;
  }
}

async function lintWith(args: LintArgs, io: Io, fetchOptions: FetchOptions | undefined, secrets: readonly string[]): Promise<ExitCode> {
  // the debug callback is this thread's: a worker gets its lines back to here (lint-pool.ts)
  const { debug, ...fetch } = fetchOptions ?? {};
  const runtime: LintRuntime = debug ? { debug } : {};
  const targets = pairFormats(args.formats, args.outputs);
  const publish = args.publish !== undefined ? (await import('./publish.js')).publisher(args.publish) : undefined;
  // The baseline and --quiet filter the run's results once, after the lint: kept out of each file's
  // settings, they are neither copied to every worker nor hashed into every cache key (a 50,000-entry
  // baseline made a cached run slower than none), and --baseline-write sees what they would drop.
  const filters: FilterSettings = {
    ...(args.baseline ? { baseline: await loadBaseline(path.resolve(args.cwd, args.baseline)) } : {}),
    ...(args.quiet ? { minSeverity: 'error' as const } : {}),
  };
  const settings: LintSettings = {
    ...(args.preset ? { preset: args.preset } : {}),
    ...(args.category ? { category: args.category } : {}),
    rules: parseRuleFlags(args.rules),
    strict: args.strict,
    allowExternalRefs: args.allowExternalRefs,
    cwd: args.cwd,
    ...(fetchOptions ? { fetch } : {}),
  };
  const fromStdin = stdinTarget(args.files, args.stdinFilename, args.cwd);
  const found = createConfigResolver({ config: args.config, pathRules: args.pathRules, cwd: args.cwd });
  const files = fromStdin ? [fromStdin] : await expandFiles(args.files, args.cwd, args.ignore === false ? false : await ignoreLists(args, found));
  const inputs = new Set(files);
  const ruleset = args.ruleset === undefined ? undefined : await (await import('../pipeline/ruleset.js')).loadRuleset(args.ruleset, args.cwd);
  // what a Spectral ruleset has that swaglint cannot run is said once per run, not once per file
  const notices = new Set<string>();
  const configFor = async (file: string) => {
    let config = await found(file);
    if (ruleset) config = (await import('../pipeline/ruleset.js')).withRuleset(config, ruleset);
    for (const n of config.notices ?? []) {
      if (notices.has(n)) continue;
      notices.add(n);
      io.stderr.write(`swaglint: ${printable(n)}\n`);
    }
    return config;
  };
  const cache = args.cacheLocation && !fromStdin ? await LintCache.open(path.resolve(args.cwd, args.cacheLocation), version(), args.cacheLocation) : undefined;
  const progress = progressLine(io);
  const results = fromStdin
    ? [await lintStdin(fromStdin, { ...settings, config: await configFor(fromStdin) }, runtime, io)]
    : await lintFiles(files, async (file) => ({ ...settings, config: await configFor(file) }), runtime, cache, progress.update).finally(progress.end);
  await cache?.save(inputs);
  const accepted = args.baselineWrite ? await writeBaseline(args.baselineWrite, args.cwd, results, filters, inputs, io) : results.map((r) => applySettingsFilters(r.diagnostics, filters));
  const reports: FileReport[] = results.map((r, i) => ({
    uri: r.uri,
    // the fold stage, after every filter: a cause the baseline accepted or --quiet dropped folds nothing
    diagnostics: args.fold === false ? accepted[i]! : foldFindings(accepted[i]!),
    texts: r.texts,
    ...(r.skipped ? { skipped: r.skipped } : {}),
  }));
  const skips = skipNotice(reports, args.verbose === true, (uri) => printable(relative(args.cwd, uri)));
  if (skips) io.stderr.write(skips);

  const context: FormatContext = { cwd: args.cwd, color: args.color, rules: ruleInfos(), version: version(), links: packageLinks(), ...(args.markdownDetails ? { markdownDetails: true } : {}) };
  for (const { format, output } of targets) {
    // a fetched document may quote a credential (a server echoing a header into it): never pass it on
    const text = redactSecrets((await getFormatter(format))(reports, { ...context, color: output ? false : args.color }), secrets);
    // against the run's folder, as --baseline-write is: main() may be given one that is not the process's
    if (output) await writeReport(path.resolve(args.cwd, output), text.endsWith('\n') ? text : text + '\n', inputs, output);
    else if (text) io.stdout.write(text.endsWith('\n') ? text : text + '\n');
  }

  await publish?.(results, fetch, io);

  // the exit code is the same with or without --no-fold: folded findings count
  const all = reports.flatMap((r) => r.diagnostics.flatMap((d) => (d.folded ? [d, ...d.folded] : [d])));
  const fails = failsAt(args.failOn);
  if (all.some((d) => fails(d.severity))) return 1;
  if (args.maxWarnings !== undefined && all.filter((d) => d.severity === 'warn').length > args.maxWarnings) {
    io.stderr.write(`swaglint: too many warnings (more than --max-warnings ${args.maxWarnings}).\n`);
    return 1;
  }
  return 0;
}

/** Each --format goes to the --output at its position, or to stdout; all to files → stylish on stdout too. */
function pairFormats(formats: string[], outputs: string[]): Array<{ format: FormatName; output?: string }> {
  for (const f of formats) {
    if (!(formatNames as readonly string[]).includes(f)) throw new UserError(`--format ${f} is not a format swaglint knows; use one of ${formatNames.join(', ')}.`);
  }
  // `-o file` alone writes the default format there (and nothing to the terminal), as ESLint does
  if (formats.length === 0 && outputs.length === 1) return [{ format: 'stylish', output: outputs[0]! }];
  if (outputs.length > formats.length) throw new UserError('Each --output needs a --format before it, such as --format sarif --output report.sarif.');
  const pairs: Array<{ format: FormatName; output: string | undefined }> = formats.map((format, i) => ({ format: format as FormatName, output: outputs[i] }));
  if (pairs.length === 0 || pairs.every((p) => p.output)) pairs.unshift({ format: 'stylish', output: undefined });
  if (pairs.filter((p) => !p.output).length > 1) throw new UserError('Only one --format can go to standard output; give the others an --output file.');
  return pairs.map((p) => (p.output !== undefined ? { format: p.format, output: p.output } : { format: p.format }));
}

function parseRuleFlags(flags: string[]): Record<string, RuleSetting> {
  const known = new Set(builtinRules.map((r) => r.meta.id));
  const out: Record<string, RuleSetting> = {};
  for (const flag of flags) {
    const m = /^([a-z0-9-]+)=([a-z]+)$/.exec(flag);
    if (!m) throw new UserError(`--rule ${flag} should read <rule-id>=<${levels.join('|')}>, such as --rule path-case=warn.`);
    const [, id, level] = m as unknown as [string, string, string];
    if (!known.has(id)) throw new UserError(`--rule ${flag}: there is no rule '${id}'; swaglint rules lists them.`);
    if (!(levels as readonly string[]).includes(level)) throw new UserError(`--rule ${flag}: '${level}' is not a severity; use one of ${levels.join(', ')}.`);
    out[id] = level as RuleLevel;
  }
  return out;
}

/**
 * `--baseline-write` records every finding and then accepts them all: the results' findings, unfiltered
 * by `--baseline` and `--quiet`, go to the file; then the filters run with the new baseline.
 */
async function writeBaseline(baselineWrite: string, cwd: string, results: readonly FileResult[], filters: FilterSettings, inputs: ReadonlySet<string>, io: Io): Promise<Diagnostic[][]> {
  const file = path.resolve(cwd, baselineWrite);
  const entries = baselineEntries(file, results.flatMap((r) => r.diagnostics));
  await writeReport(file, baselineText(entries), inputs, baselineWrite, '--baseline-write');
  const count = entries.reduce((n, e) => n + e.count, 0);
  io.stderr.write(`swaglint: recorded ${count} finding${count === 1 ? '' : 's'} in ${printable(relative(cwd, file))}.\n`);
  // the old baseline first (as a run without the write would), then the new one
  return results.map((r) => applySettingsFilters(applySettingsFilters(r.diagnostics, filters), { baseline: { file, entries } }));
}

/** The document on stdin, in this thread (one document: no pool) and never cached (it has no file to check). */
async function lintStdin(uri: string, settings: LintSettings, runtime: LintRuntime, io: Io): Promise<FileResult> {
  const text = await readStdin(io, relative(settings.cwd ?? process.cwd(), uri));
  return lintInput({ text, uri }, { ...settings, ...runtime });
}

/**
 * What directories and globs leave out beyond .gitignore: the `ignores:` of the configuration that
 * applies in the working directory (`--config`'s, else the one found from there; as ESLint reads its
 * ignores from one configuration) and the `--ignore-pattern`s.
 */
async function ignoreLists(args: LintArgs, found: ConfigResolver): Promise<IgnoreList[]> {
  const config = await found(path.join(args.cwd, '.swaglint.yaml'));
  const patterns = args.ignorePatterns ?? [];
  return [...(config.ignores ?? []), ...(patterns.length ? [{ base: args.cwd, patterns }] : [])];
}
