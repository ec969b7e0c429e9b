import type { Argv } from 'yargs';
import type { ExitCode, Io } from './io.js';
import { UserError } from '../errors.js';
import { version } from '../version.js';
import { plainLintFiles } from './plain-lint.js';
import { ruleCategories, type RuleCategory } from '../types.js';
import { misspeltCommand, oneSentence, parseFailOn, parseMaxWarnings } from './argv-checks.js';
import { failLevels } from './fail-level.js';

export { warmUp } from './warm-up.js';

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
// No preset: a configuration's `extends` decides it, else `recommended`.
const lintDefaults = { 'fail-on': 'error', quiet: false, strict: false, 'allow-external-refs': false, 'resolve-remote': false, cache: false } as const;

async function run(argv: string[], io: Io): Promise<ExitCode> {
  // the version alone needs none of yargs (whose loading is most of a plain run's start)
  if (argv.length === 1 && argv[0] === '--version') {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  const typo = misspeltCommand(argv, io.cwd());
  if (typo) throw new UserError(typo);
  const plain = plainLintFiles(argv);
  if (plain) return runLint({ ...lintDefaults, files: plain }, io);
  // the service parses its own flags (swaglint serve --help lists them)
  if (argv[0] === 'serve') return (await import('./serve-command.js')).serveCommand(argv.slice(1), io);
  const { default: yargs } = await import('yargs');
  let code: ExitCode = 0;
  let printed = '';
  const parser: Argv = yargs(argv)
    .scriptName('swaglint')
    .usage('$0 <command> [options]')
    .command(
      ['lint [files..]', '$0 <files..>'],
      'Lint Swagger 2.0 documents (files, directories or globs)',
      (y) =>
        y
          .positional('files', { type: 'string', array: true, describe: 'Documents, directories or quoted globs (default: the current directory)' })
          .option('format', { alias: 'f', type: 'string', requiresArg: true, describe: 'Output format: stylish, json, sarif, junit, github, checkstyle, gitlab (repeatable, paired with --output)' })
          .option('output', { alias: 'o', type: 'string', requiresArg: true, describe: 'Write the report of the matching --format to this file (atomically)' })
          .option('fail-on', { type: 'string', requiresArg: true, default: lintDefaults['fail-on'], describe: `The lowest severity that makes the exit code 1: ${failLevels.join(', ')}` })
          .option('max-warnings', { type: 'string', requiresArg: true, describe: 'Exit 1 when there are more warnings than this (a whole number)' })
          .option('quiet', { alias: 'q', type: 'boolean', default: lintDefaults.quiet, describe: 'Report errors only' })
          .option('strict', { type: 'boolean', default: lintDefaults.strict, describe: 'Report files that are not API descriptions instead of skipping them' })
          .option('category', { type: 'string', choices: ruleCategories, describe: 'Run only the rules of one kind: validity (is this valid Swagger 2.0?) or convention' })
          .option('preset', { type: 'string', choices: ['recommended', 'all'], describe: "The rule preset (default: the config's, else recommended)" })
          .option('rule', { type: 'string', requiresArg: true, describe: "Set a rule's severity: --rule path-case=warn (repeatable)" })
          .option('config', { alias: 'c', type: 'string', requiresArg: true, describe: 'Use this configuration file instead of searching from each document' })
          .option('ruleset', { type: 'string', requiresArg: true, describe: 'Also run this Spectral ruleset (.spectral.yaml): its rules for Swagger 2.0, with its extends and overrides' })
          .option('path-rules', { type: 'string', requiresArg: true, describe: 'Use this path-rules file ([doc:/api/path] sections) instead of searching for .swaglint-paths' })
          .option('baseline', { type: 'string', requiresArg: true, describe: 'Report only findings that are not in this baseline file' })
          .option('baseline-write', { type: 'string', requiresArg: true, describe: 'Record the current findings in this baseline file (atomically)' })
          .option('allow-external-refs', { type: 'boolean', default: lintDefaults['allow-external-refs'], describe: 'Let local $refs read files outside the project' })
          .option('color', { type: 'boolean', describe: 'Force colour on or off (default: on for a terminal; NO_COLOR and FORCE_COLOR are honoured)' })
          .option('resolve-remote', { type: 'boolean', default: lintDefaults['resolve-remote'], describe: 'Fetch remote (http, https) $refs' })
          .option('auth', { type: 'string', describe: 'Basic credentials <user>:<password>, or <user> to be asked for the password (also SWAGLINT_AUTH)' })
          .option('header', { type: 'string', requiresArg: true, describe: "A request header 'Name: value' or 'Name: env:VARIABLE' (repeatable)" })
          .option('bearer', { type: 'string', describe: 'A bearer token: env:VARIABLE (preferred) or the token' })
          .option('auth-origin', { type: 'string', requiresArg: true, describe: 'Another origin the credentials may be sent to (repeatable)' })
          .option('timeout', { type: 'number', describe: 'Seconds one fetched document may take (default 15)' })
          .option('cache', { type: 'boolean', default: lintDefaults.cache, describe: 'Reuse the findings of files unchanged since the last run (and their $refs, options and version)' })
          .option('cache-location', { type: 'string', describe: 'The cache file (default .swaglint-cache); implies --cache' })
          .option('publish', { type: 'string', requiresArg: true, describe: "Also post the document (and its $ref'd files) to the lint service as a new revision: --publish https://lint.example.com/apis/orders" }),
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
          .positional('document', { type: 'string', describe: 'The Swagger 2.0 document (YAML or JSON)' })
          .option('output', { alias: 'o', type: 'string', describe: 'Write the page to this file (atomically) instead of stdout' }),
      async (args) => {
        const { renderCommand } = await import('./render-command.js');
        code = await renderCommand({ document: String(args.document), ...(args.output !== undefined ? { output: args.output } : {}), cwd: io.cwd() }, io);
      },
    )
    .command(
      'init',
      'Write a starter .swaglint.yaml in the current directory (never over an existing one)',
      (y) => y,
      async () => {
        const { initCommand } = await import('./init-command.js');
        code = await initCommand(io);
      },
    )
    .command('serve', 'Run the lint service (the swaglint-server package); swaglint serve --help lists its options', (y) => y, () => undefined)
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

/** The lint command's flags as yargs parses them (or as the plain path fills them in). */
interface LintFlags {
  files?: string[];
  format?: string | string[];
  output?: string | string[];
  'fail-on': string;
  'max-warnings'?: string;
  quiet: boolean;
  strict: boolean;
  preset?: string;
  category?: string;
  rule?: string | string[];
  config?: string;
  ruleset?: string;
  'path-rules'?: string;
  baseline?: string;
  'baseline-write'?: string;
  'allow-external-refs': boolean;
  color?: boolean;
  'resolve-remote': boolean;
  auth?: string;
  header?: string | string[];
  bearer?: string;
  'auth-origin'?: string | string[];
  timeout?: number;
  cache: boolean;
  'cache-location'?: string;
  publish?: string;
}

async function runLint(args: LintFlags, io: Io): Promise<ExitCode> {
  const { lintCommand } = await import('./lint-command.js');
  return lintCommand(
    {
      // `swaglint lint` alone lints the project it is run in, as `eslint .` does
      files: args.files?.length ? args.files : ['.'],
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

