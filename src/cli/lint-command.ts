import path from 'node:path';
import type { ExitCode, Io } from './io.js';
import { failsAt, relative, type FailLevel } from './main.js';
import { expandFiles } from './files.js';
import { writeReport } from './write-report.js';
import { UserError } from '../errors.js';
import { lintInput, type FileResult, type LintOptions, type RuleSetting } from '../lint/lint.js';
import { builtinRules } from '../../rules/index.js';
import { formatNames, getFormatter, type FormatName } from '../format/index.js';
import type { FileReport, FormatContext } from '../format/types.js';
import { ruleInfos } from './rule-info.js';
import { version } from '../version.js';
import { createConfigResolver } from '../config/discover.js';
import { baselineEntries, baselineText, readBaseline, subtractBaseline } from '../config/baseline.js';
import type { Diagnostic } from '../types.js';
import type { RuleLevel } from '../types.js';

export interface LintArgs {
  files: string[];
  formats: string[];
  outputs: string[];
  failOn: FailLevel;
  maxWarnings?: number;
  quiet: boolean;
  strict: boolean;
  preset?: 'recommended' | 'all' | undefined;
  rules: string[];
  config?: string | undefined;
  pathRules?: string | undefined;
  baseline?: string | undefined;
  baselineWrite?: string | undefined;
  allowExternalRefs: boolean;
  color: boolean;
  cwd: string;
}

const levels: readonly RuleLevel[] = ['off', 'hint', 'info', 'warn', 'error'];

export async function lintCommand(args: LintArgs, io: Io): Promise<ExitCode> {
  const targets = pairFormats(args.formats, args.outputs);
  const options: LintOptions = {
    ...(args.preset ? { preset: args.preset } : {}),
    rules: parseRuleFlags(args.rules),
    strict: args.strict,
    allowExternalRefs: args.allowExternalRefs,
    cwd: args.cwd,
  };
  const files = await expandFiles(args.files, args.cwd);
  const configFor = createConfigResolver({ config: args.config, pathRules: args.pathRules, cwd: args.cwd });
  const results = await lintAll(files, async (file) => ({ ...options, config: await configFor(file) }));
  const accepted = await applyBaselineFlags(args, results, new Set(files), io);
  const reports: FileReport[] = results.map((r, i) => ({
    uri: r.uri,
    diagnostics: args.quiet ? accepted[i]!.filter((d) => d.severity === 'error') : accepted[i]!,
    texts: r.texts,
    ...(r.skipped ? { skipped: r.skipped } : {}),
  }));
  for (const r of reports) if (r.skipped) io.stderr.write(`swaglint: skipped ${relative(args.cwd, r.uri)}: ${r.skipped}\n`);

  const context: FormatContext = { cwd: args.cwd, color: args.color, rules: ruleInfos(), version: version() };
  const inputs = new Set(files);
  for (const { format, output } of targets) {
    const text = (await getFormatter(format))(reports, { ...context, color: output ? false : args.color });
    if (output) await writeReport(output, text.endsWith('\n') ? text : text + '\n', inputs);
    else if (text) io.stdout.write(text.endsWith('\n') ? text : text + '\n');
  }

  const all = reports.flatMap((r) => r.diagnostics);
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

/** Lints files a few at a time; results keep the files' order. */
async function lintAll(files: string[], optionsFor: (file: string) => Promise<LintOptions>): Promise<FileResult[]> {
  const results: FileResult[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      results[i] = await lintInput({ path: files[i]! }, await optionsFor(files[i]!));
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, files.length) }, worker));
  return results;
}

/**
 * `--baseline-write` records every finding (and then accepts them all); `--baseline` drops the ones
 * the file accounts for. Returns each result's findings after that.
 */
async function applyBaselineFlags(args: LintArgs, results: readonly FileResult[], inputs: ReadonlySet<string>, io: Io): Promise<Diagnostic[][]> {
  let lists = results.map((r) => r.diagnostics);
  if (args.baseline) {
    const entries = await readBaseline(path.resolve(args.cwd, args.baseline));
    lists = lists.map((list) => subtractBaseline(path.resolve(args.cwd, args.baseline!), entries, list));
  }
  if (args.baselineWrite) {
    const file = path.resolve(args.cwd, args.baselineWrite);
    const entries = baselineEntries(file, results.flatMap((r) => r.diagnostics));
    await writeReport(file, baselineText(entries), inputs, '--baseline-write');
    const count = entries.reduce((n, e) => n + e.count, 0);
    io.stderr.write(`swaglint: recorded ${count} finding${count === 1 ? '' : 's'} in ${relative(args.cwd, file)}.\n`);
    lists = lists.map((list) => subtractBaseline(file, entries, list));
  }
  return lists;
}
