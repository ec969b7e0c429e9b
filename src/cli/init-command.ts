import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ExitCode, Io } from './io.js';
import { UserError } from '../errors.js';
import { baselineEntries, baselineText, configNames, createConfigResolver, writeStarterConfig } from '../pipeline/library.js';
import { foldFindings } from '../pipeline/findings.js';
import { relative } from '../format/relative.js';
import { getFormatter } from '../format/index.js';
import type { FileReport } from '../format/types.js';
import { expandFiles } from './files.js';
import { lintFiles } from './lint-files.js';
import { ruleInfos } from './rule-info.js';
import { version } from '../version.js';
import { writeReport } from './write-report.js';
import { propose, proposalText } from './init-proposal.js';

export interface InitArgs {
  /** `--yes`: write the proposal without asking. */
  yes?: boolean;
}

const baselineName = 'swaglint-baseline.json';

/**
 * `swaglint init`: lints the API descriptions it finds below the working directory (recommended
 * preset), shows the findings per rule, and proposes a configuration from them (conventions with
 * many findings off, a baseline for what is left) that the user accepts (`y`, or `--yes`) or declines
 * for the plain starter (`n`, or no answer). A folder with few findings gets the starter at once, as
 * there is nothing to propose. Never writes over an existing configuration.
 */
export async function initCommand(io: Io, args: InitArgs = {}): Promise<ExitCode> {
  const cwd = io.cwd();
  const existing = configNames.find((name) => existsSync(path.join(cwd, name)));
  if (existing) throw new UserError(`${existing} already exists here; swaglint init never overwrites a configuration.`);
  const files = await expandFiles(['.'], cwd).catch(() => [] as string[]);
  const found = createConfigResolver({ cwd });
  const results = files.length ? await lintFiles(files, async (file) => ({ cwd, config: await found(file) }), {}, undefined, () => undefined) : [];
  const reports: FileReport[] = results.map((r) => ({ uri: r.uri, diagnostics: foldFindings(r.diagnostics), texts: r.texts, ...(r.skipped ? { skipped: r.skipped } : {}) }));
  const findings = reports.flatMap((r) => r.diagnostics);
  const proposal = propose(findings);
  if (proposal.rules.length === 0 && proposal.baseline.length === 0) return writeStarter(io, cwd);

  const context = { cwd, color: false, rules: ruleInfos(), version: version() };
  // the summary's closing hint points at swaglint init itself: this is that run
  const shape = (await getFormatter('summary'))(reports, context).split('\n').filter((line) => !line.includes('with `swaglint init`'));
  io.stdout.write(shape.join('\n'));
  io.stdout.write(proposalText(proposal, baselineName));
  const answer = args.yes ? 'y' : await ask(io, 'Write it? [Y/n] ');
  if (answer === undefined) {
    io.stderr.write('swaglint: no answer on standard input: writing the plain starter; swaglint init --yes writes the proposal.\n');
    return writeStarter(io, cwd);
  }
  if (/^n/i.test(answer)) return writeStarter(io, cwd);
  const file = await writeStarterConfig(cwd, proposal.rules);
  let written = `Wrote ${relative(cwd, file)}`;
  let then = 'swaglint lint';
  if (proposal.baseline.length > 0) {
    const target = path.join(cwd, baselineName);
    const entries = baselineEntries(target, proposal.baseline);
    await writeReport(target, baselineText(entries), new Set(files), baselineName, 'swaglint init');
    written += ` and ${baselineName}`;
    then = `swaglint lint --baseline ${baselineName}`;
  }
  io.stdout.write(`${written}; edit them (each proposed rule says why), then run ${then}.\n`);
  return 0;
}

async function writeStarter(io: Io, cwd: string): Promise<ExitCode> {
  const file = await writeStarterConfig(cwd);
  io.stdout.write(`Wrote ${relative(cwd, file)}; edit it, then run swaglint lint.\n`);
  return 0;
}

/** One line from standard input (the prompt on stdout); undefined at its end with no answer, or with no input. */
async function ask(io: Io, question: string): Promise<string | undefined> {
  const input = io.stdin;
  if (!input) return undefined;
  io.stdout.write(question);
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    const end = text.indexOf('\n');
    if (end !== -1) return text.slice(0, end).trim();
  }
  return text.trim() === '' ? undefined : text.trim();
}
