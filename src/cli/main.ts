import type { Argv } from 'yargs';
import type { ExitCode, Io } from './io.js';
import { UserError } from '../errors.js';
import { printable, printableKeepingBreaks } from '../format/printable.js';
import { version } from '../version.js';
import { plainLintFlags } from './plain-lint.js';
import { lintOptions, type LintFlags, type LintOption } from './lint-options.js';
import type { RuleCategory } from '../types.js';
import { commandNames, misspeltCommand, oneSentence, parseFailOn, parseMaxWarnings } from './argv-checks.js';
import { stdinArgument } from './stdin.js';

export { warmUp } from './warm-up.js';

/**
 * The command line: parses flags, calls the library, writes what formatters return and returns an
 * exit code. The only module that knows argv and streams; it never calls process.exit.
 */
export async function main(argv: string[], io: Io): Promise<ExitCode> {
  try {
    return await run(argv, io);
  } catch (error) {
    // a message may quote a file name, a flag or a rule name: a stranger's control characters are shown, not sent
    if (error instanceof UserError) {
      io.stderr.write(`swaglint: ${printableKeepingBreaks(error.message)}\n`);
      return 2;
    }
    // a swaglint bug: one line, no stack, unless asked for
    const reason = printable(error instanceof Error ? error.message : String(error));
    io.stderr.write(`swaglint: internal error: ${reason}. Please report it; set SWAGLINT_DEBUG=1 for details.\n`);
    if (io.env['SWAGLINT_DEBUG'] && error instanceof Error && error.stack) io.stderr.write(error.stack + '\n');
    return 2;
  }
}

/** The lint flags for yargs: the shared table without what only the fast path reads. */
const yargsLintOptions = Object.fromEntries(Object.entries(lintOptions as Record<string, LintOption>).map(([name, { repeatable: _, ...option }]) => [name, option])) as {
  [K in keyof typeof lintOptions]: Omit<(typeof lintOptions)[K], 'repeatable'>;
};

/**
 * A lone `-` (the document on stdin) as the parsers see it: yargs drops a lone `-`, so it is renamed
 * before parsing to what no real argument can be (a NUL never reaches argv), and back in `runLint`.
 */
const stdinMark = '\u0000-';

async function run(given: string[], io: Io): Promise<ExitCode> {
  const end = given.indexOf('--');
  const linting = given[0] === 'lint' || !(commandNames as readonly string[]).includes(given[0] ?? '');
  const argv = linting ? given.map((a, i) => (a === stdinArgument && (end === -1 || i < end) ? stdinMark : a)) : given;
  // the version alone needs none of yargs (whose loading is most of a plain run's start)
  if (argv.length === 1 && argv[0] === '--version') {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  const typo = misspeltCommand(argv, io.cwd());
  if (typo) throw new UserError(typo);
  const plain = plainLintFlags(argv);
  if (plain) return runLint(plain, io);
  // the service parses its own flags (swaglint serve --help lists them)
  if (argv[0] === 'serve') return (await import('./serve-command.js')).serveCommand(argv.slice(1), io);
  const { default: yargs } = await import('yargs');
  const listServe = wantsHelp(argv) && (await import('./serve-command.js')).serverInstalled();
  const serveDescription: string | false = listServe ? 'Run the lint service (the swaglint-server package); swaglint serve --help lists its options' : false;
  let code: ExitCode = 0;
  let printed = '';
  const parser: Argv = yargs(argv)
    .scriptName('swaglint')
    .usage('$0 <command> [options]')
    .command(
      ['lint [files..]', '$0 <files..>'],
      'Lint Swagger 2.0 and OpenAPI 3.0–3.2 documents (files, directories or globs)',
      (y) =>
        y
          .positional('files', { type: 'string', array: true, describe: 'Documents, directories or quoted globs (default: the current directory)' })
          .options(yargsLintOptions),
      async (args) => {
        if (!args.files?.length && argv[0] !== 'lint') throw new UserError('Name a command or the files to lint; see swaglint --help.');
        code = await runLint(args, io);
      },
    )
    .command(
      'render <document>',
      'Render a document as one self-contained HTML page',
      (y) =>
        y
          .positional('document', { type: 'string', describe: 'The Swagger 2.0 or OpenAPI 3 document (YAML or JSON)' })
          .option('output', { alias: 'o', type: 'string', describe: 'Write the page to this file (atomically) instead of stdout' }),
      async (args) => {
        const { renderCommand } = await import('./render-command.js');
        code = await renderCommand({ document: String(args.document), ...(args.output !== undefined ? { output: args.output } : {}), cwd: io.cwd() }, io);
      },
    )
    .command(
      'init',
      'Lint the API descriptions here, show the findings per rule, and propose a .swaglint.yaml (and a baseline) to accept; never over an existing one',
      (y) => y.option('yes', { alias: 'y', type: 'boolean', describe: 'Write the proposed configuration without asking' }),
      async (args) => {
        const { initCommand } = await import('./init-command.js');
        code = await initCommand(io, { yes: args.yes === true });
      },
    )
    // listed only where the separate swaglint-server package is installed (false hides a command)
    .command({ command: 'serve', describe: serveDescription, handler: () => undefined })
    .command(
      'rules',
      'List every rule with its default severity and description',
      (y) =>
        y
          .option('format', { alias: 'f', type: 'string', choices: ['text', 'json'], default: 'text' })
          .option('config', { alias: 'c', type: 'string', requiresArg: true, describe: 'List the custom rules of this configuration (default: the one found from here)' })
          .option('ruleset', { type: 'string', requiresArg: true, describe: 'List the rules of this Spectral ruleset too' }),
      async (args) => {
        const { rulesCommand, customRulesFrom } = await import('./rules-command.js');
        const custom = await customRulesFrom({ config: args.config, ruleset: args.ruleset, cwd: io.cwd() });
        code = rulesCommand(args.format as 'text' | 'json', io, custom);
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
      throw new UserError(oneSentence(message ?? error?.message ?? 'invalid arguments', argv));
    });
  await parser.parseAsync(argv, {}, (_error: Error | undefined, _argv: unknown, output: string) => {
    printed = output;
  });
  if (printed) io.stdout.write(printed + '\n');
  return code;
}

/**
 * A repeatable flag's values. Repeatable flags are plain strings that yargs gathers into a list when
 * repeated: `array: true` would also swallow the file names after the flag (`-f json api.yaml`).
 */
function list(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

async function runLint(args: LintFlags, io: Io): Promise<ExitCode> {
  const { lintCommand } = await import('./lint-command.js');
  return lintCommand(
    {
      // `swaglint lint` alone lints the project it is run in, as `eslint .` does
      files: args.files?.length ? args.files.map((f) => (f === stdinMark ? stdinArgument : f)) : ['.'],
      formats: list(args.format),
      outputs: list(args.output),
      failOn: parseFailOn(args['fail-on']),
      maxWarnings: parseMaxWarnings(args['max-warnings']),
      quiet: args.quiet,
      strict: args.strict,
      preset: args.preset as 'recommended' | 'all' | undefined,
      category: args.category as RuleCategory | undefined,
      rules: list(args.rule),
      config: args.config,
      ruleset: args.ruleset,
      pathRules: args['path-rules'],
      baseline: args.baseline,
      baselineWrite: args['baseline-write'],
      allowExternalRefs: args['allow-external-refs'],
      color: colorWanted(args.color, io),
      cwd: io.cwd(),
      remote: {
        auth: args.auth,
        header: list(args.header),
        bearer: args.bearer,
        authOrigin: list(args['auth-origin']),
        resolveRemote: args['resolve-remote'],
        timeout: args.timeout,
      },
      ignore: args.ignore,
      fold: args.fold !== false,
      verbose: args.verbose === true,
      ...(args['markdown-details'] ? { markdownDetails: true } : {}),
      ignorePatterns: list(args['ignore-pattern']),
      ...(args['stdin-filename'] !== undefined ? { stdinFilename: args['stdin-filename'] } : {}),
      ...(args.publish !== undefined ? { publish: args.publish } : {}),
      ...(args.cache || args['cache-location'] !== undefined ? { cacheLocation: args['cache-location'] || '.swaglint-cache' } : {}),
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

