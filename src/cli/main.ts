import type { Argv } from 'yargs';
import type { ExitCode, Io } from './io.js';
import { UserError } from '../errors.js';
import { version } from '../version.js';
import { plainLintFiles } from './plain-lint.js';
import type { Severity } from '../types.js';

export const failLevels = ['error', 'warn', 'info', 'hint', 'never'] as const;
export type FailLevel = (typeof failLevels)[number];

/**
 * The command line: parses flags, calls the library, writes what formatters return and returns an
 * exit code. The only module that knows argv and streams; it never calls process.exit.
 */
export async function main(argv: string[], io: Io): Promise<ExitCode> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UserError) {
      io.stderr.write(`swaglint: ${error.message}\n`);
      return 2;
    }
    // a swaglint bug: one line, no stack, unless asked for
    const reason = error instanceof Error ? error.message : String(error);
    io.stderr.write(`swaglint: internal error: ${reason}. Please report it; set SWAGLINT_DEBUG=1 for details.\n`);
    if (io.env['SWAGLINT_DEBUG'] && error instanceof Error && error.stack) io.stderr.write(error.stack + '\n');
    return 2;
  }
}

/** The lint options' defaults, shared by yargs and the plain path so they cannot drift apart. */
const lintDefaults = { 'fail-on': 'error', quiet: false, strict: false, preset: 'recommended', 'allow-external-refs': false } as const;

async function run(argv: string[], io: Io): Promise<ExitCode> {
  const plain = plainLintFiles(argv);
  if (plain) return runLint({ ...lintDefaults, files: plain }, io);
  const { default: yargs } = await import('yargs');
  let code: ExitCode = 0;
  let printed = '';
  const parser: Argv = yargs(argv)
    .scriptName('swaglint')
    .usage('$0 <command> [options]')
    .command(
      ['lint <files..>', '$0 <files..>'],
      'Lint Swagger 2.0 documents (files, directories or globs)',
      (y) =>
        y
          .positional('files', { type: 'string', array: true, describe: 'Documents, directories or quoted globs' })
          .option('format', { alias: 'f', type: 'string', array: true, describe: 'Output format: stylish, json, sarif, junit, github, checkstyle, gitlab (repeatable, paired with --output)' })
          .option('output', { alias: 'o', type: 'string', array: true, describe: 'Write the report of the matching --format to this file (atomically)' })
          .option('fail-on', { type: 'string', choices: failLevels, default: lintDefaults['fail-on'], describe: 'The lowest severity that makes the exit code 1' })
          .option('max-warnings', { type: 'number', describe: 'Exit 1 when there are more warnings than this' })
          .option('quiet', { alias: 'q', type: 'boolean', default: lintDefaults.quiet, describe: 'Report errors only' })
          .option('strict', { type: 'boolean', default: lintDefaults.strict, describe: 'Report files that are not API descriptions instead of skipping them' })
          .option('preset', { type: 'string', choices: ['recommended', 'all'], default: lintDefaults.preset, describe: 'The rule preset' })
          .option('rule', { type: 'string', array: true, describe: "Set a rule's severity: --rule path-case=warn (repeatable)" })
          .option('allow-external-refs', { type: 'boolean', default: lintDefaults['allow-external-refs'], describe: 'Let local $refs read files outside the project' })
          .option('color', { type: 'boolean', describe: 'Force colour on or off (default: on for a terminal; NO_COLOR and FORCE_COLOR are honoured)' }),
      async (args) => {
        code = await runLint(args, io);
      },
    )
    .command(
      'rules',
      'List every rule with its default severity and description',
      (y) => y.option('format', { alias: 'f', type: 'string', choices: ['text', 'json'], default: 'text' }),
      async (args) => {
        const { rulesCommand } = await import('./rules-command.js');
        code = rulesCommand(args.format as 'text' | 'json', io);
      },
    )
    .demandCommand(1, 'Name a command or the files to lint; see swaglint --help.')
    .strict()
    .version(version())
    .help()
    .alias('h', 'help')
    // yargs renders the whole help text before any named command runs, whether or not it is shown;
    // unwrapped, that costs little, while wrapping it cost a lint run about 100 ms
    .wrap(wantsHelp(argv) ? Math.min(100, process.stdout.columns ?? 100) : null)
    .exitProcess(false)
    .fail((message: string | undefined, error: Error | undefined) => {
      throw new UserError(message ?? error?.message ?? 'invalid arguments');
    });
  await parser.parseAsync(argv, {}, (_error: Error | undefined, _argv: unknown, output: string) => {
    printed = output;
  });
  if (printed) io.stdout.write(printed + '\n');
  return code;
}

interface LintFlags {
  files?: string[];
  format?: string[];
  output?: string[];
  'fail-on': string;
  'max-warnings'?: number;
  quiet: boolean;
  strict: boolean;
  preset: string;
  rule?: string[];
  'allow-external-refs': boolean;
  color?: boolean;
}

async function runLint(args: LintFlags, io: Io): Promise<ExitCode> {
  const { lintCommand } = await import('./lint-command.js');
  return lintCommand(
    {
      files: args.files ?? [],
      formats: args.format ?? [],
      outputs: args.output ?? [],
      failOn: args['fail-on'] as FailLevel,
      maxWarnings: args['max-warnings'],
      quiet: args.quiet,
      strict: args.strict,
      preset: args.preset as 'recommended' | 'all',
      rules: args.rule ?? [],
      allowExternalRefs: args['allow-external-refs'],
      color: colorWanted(args.color, io),
      cwd: io.cwd(),
    },
    io,
  );
}

/** Whether yargs will print help for these arguments (the only output its wrapping shapes). */
function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--help' || a === '-h' || a === 'help' || a.startsWith('--help='));
}

/** `--color`/`--no-color` first, then NO_COLOR and FORCE_COLOR, then whether stdout is a terminal. */
function colorWanted(flag: boolean | undefined, io: Io): boolean {
  if (flag !== undefined) return flag;
  const force = io.env['FORCE_COLOR'];
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  if (force === '0' || force === 'false') return false;
  return io.stdout.isTTY === true;
}

export function failsAt(level: FailLevel): (severity: Severity) => boolean {
  const order: Record<Severity, number> = { hint: 1, info: 2, warn: 3, error: 4 };
  return (severity) => level !== 'never' && order[severity] >= order[level];
}

export { relative } from '../format/relative.js';
