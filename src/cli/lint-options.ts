import { ruleCategories } from '../types.js';
import { failLevels } from './fail-level.js';

/**
 * The lint command's flags, once: yargs is built from this table (src/cli/main.ts), and so is the
 * fast path that parses a lint run's flags with Node's own `util.parseArgs` (src/cli/plain-lint.ts),
 * so that the two cannot drift apart.
 */
export interface LintOption {
  type: 'string' | 'boolean' | 'number';
  alias?: string;
  describe: string;
  /** A value must follow (`--format` alone is an error). */
  requiresArg?: true;
  /** Given again, it adds a value (`-f json -f sarif`); others may be given once. */
  repeatable?: true;
  choices?: readonly string[];
  default?: string | boolean;
}

// No preset: a configuration's `extends` decides it, else `recommended`.
export const lintDefaults = { 'fail-on': 'error', quiet: false, strict: false, 'allow-external-refs': false, 'resolve-remote': false, cache: false, ignore: true, fold: true, verbose: false } as const;

export const lintOptions = {
  format: { alias: 'f', type: 'string', requiresArg: true, repeatable: true, describe: 'Output format: stylish, compact, summary, json, sarif, junit, github, checkstyle, gitlab (repeatable, paired with --output)' },
  output: { alias: 'o', type: 'string', requiresArg: true, repeatable: true, describe: 'Write the report of the matching --format to this file (atomically)' },
  'fail-on': { type: 'string', requiresArg: true, default: lintDefaults['fail-on'], describe: `The lowest severity that makes the exit code 1: ${failLevels.join(', ')}` },
  'max-warnings': { type: 'string', requiresArg: true, describe: 'Exit 1 when there are more warnings than this (a whole number)' },
  quiet: { alias: 'q', type: 'boolean', default: lintDefaults.quiet, describe: 'Report errors only' },
  strict: { type: 'boolean', default: lintDefaults.strict, describe: 'Report files that are not API descriptions instead of skipping them' },
  category: { type: 'string', choices: ruleCategories, describe: 'Run only the rules of one kind: validity (is this a valid Swagger 2.0 or OpenAPI 3 document?) or convention' },
  preset: { type: 'string', choices: ['recommended', 'all'], describe: "The rule preset (default: the config's, else recommended)" },
  rule: { type: 'string', requiresArg: true, repeatable: true, describe: "Set a rule's severity: --rule path-case=warn (repeatable)" },
  config: { alias: 'c', type: 'string', requiresArg: true, describe: 'Use this configuration file instead of searching from each document' },
  ruleset: { type: 'string', requiresArg: true, describe: "Also run this Spectral ruleset (.spectral.yaml): its rules for each document's format (oas2, oas3), with its extends and overrides" },
  'path-rules': { type: 'string', requiresArg: true, describe: 'Use this path-rules file ([doc:/api/path] sections) instead of searching for .swaglint-paths' },
  baseline: { type: 'string', requiresArg: true, describe: 'Report only findings that are not in this baseline file' },
  'baseline-write': { type: 'string', requiresArg: true, describe: 'Record the current findings in this baseline file (atomically)' },
  'allow-external-refs': { type: 'boolean', default: lintDefaults['allow-external-refs'], describe: 'Let local $refs read files outside the project' },
  color: { type: 'boolean', describe: 'Force colour on or off (default: on for a terminal; NO_COLOR and FORCE_COLOR are honoured)' },
  'resolve-remote': { type: 'boolean', default: lintDefaults['resolve-remote'], describe: 'Fetch remote (http, https) $refs' },
  auth: { type: 'string', describe: 'Basic credentials <user>:<password>, or <user> to be asked for the password (also SWAGLINT_AUTH)' },
  header: { type: 'string', requiresArg: true, repeatable: true, describe: "A request header 'Name: value' or 'Name: env:VARIABLE' (repeatable)" },
  bearer: { type: 'string', describe: 'A bearer token: env:VARIABLE (preferred) or the token' },
  'auth-origin': { type: 'string', requiresArg: true, repeatable: true, describe: 'Another origin the credentials may be sent to (repeatable)' },
  timeout: { type: 'number', describe: 'Seconds one fetched document may take (default 15)' },
  cache: { type: 'boolean', default: lintDefaults.cache, describe: 'Reuse the findings of files unchanged since the last run (and their $refs, options and version)' },
  'cache-location': { type: 'string', describe: 'The cache file (default .swaglint-cache); implies --cache' },
  ignore: { type: 'boolean', default: lintDefaults.ignore, describe: 'Leave out what .swaglintignore, ignores: and --ignore-pattern name (--no-ignore: lint it too; .gitignore still applies)' },
  fold: { type: 'boolean', default: lintDefaults.fold, describe: 'Fold the findings a root cause makes into its one finding ("and 2,502 more caused by this"); --no-fold lists each' },
  verbose: { type: 'boolean', default: lintDefaults.verbose, describe: 'List each file skipped as no API description (by default one line counts them)' },
  'markdown-details': { type: 'boolean', describe: 'List every description-markdown finding in the stylish report (from 10 on, one line says how many)' },
  'ignore-pattern': { type: 'string', requiresArg: true, repeatable: true, describe: "Leave out the files a pattern matches (.gitignore syntax, from the working directory; repeatable): --ignore-pattern 'fixtures/**'" },
  'stdin-filename': { type: 'string', requiresArg: true, describe: "With '-' as the file: the name the document on stdin is linted as (its config, $refs and report name)" },
  publish: { type: 'string', requiresArg: true, describe: "Also post the document (and its $ref'd files) to the lint service as a new revision: --publish https://lint.example.com/apis/orders" },
} as const satisfies Record<string, LintOption>;

/** The lint command's flags as yargs parses them (or as the fast path fills them in). */
export interface LintFlags {
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
  ignore: boolean;
  fold: boolean;
  verbose: boolean;
  'markdown-details'?: boolean;
  'ignore-pattern'?: string | string[];
  'stdin-filename'?: string;
  publish?: string;
}
