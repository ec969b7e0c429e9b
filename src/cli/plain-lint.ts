import { parseArgs, type ParseArgsConfig } from 'node:util';
import { lintDefaults, lintOptions, type LintFlags, type LintOption } from './lint-options.js';

/** The commands other than `lint`: their arguments are not files. */
const otherCommands: ReadonlySet<string> = new Set(['rules', 'render', 'init', 'help', 'serve']);

const table: Record<string, LintOption> = lintOptions;
const shortAliases = new Set(Object.values(table).flatMap((o) => (o.alias ? [o.alias] : [])));
const parseOptions: ParseArgsConfig['options'] = Object.fromEntries(
  Object.entries(table).map(([name, o]) => [name, { type: o.type === 'boolean' ? 'boolean' : 'string', multiple: true, ...(o.alias ? { short: o.alias } : {}) }]),
);

/**
 * The flags of a plain lint run (`swaglint lint <files..> [flags]`, `swaglint <files..>`), parsed
 * without yargs. That is what editors' save hooks, pre-commit and CI run, many times a day, and
 * loading yargs and building its commands costs more than bare Node's start (docs/architecture.md,
 * "Performance habits"). Node's `util.parseArgs` reads the same table yargs is built from
 * (lint-options.ts), but only what both read alike: a command other than `lint`, help, a short-flag
 * group, `--`, an unknown or camelCase flag, a value yargs would refuse (a missing value, a choice not
 * offered, a once-only flag given twice, a number) and anything `parseArgs` refuses go to yargs,
 * which then decides, and words the error, exactly as before. `undefined`: not a plain run.
 */
export function plainLintFlags(argv: readonly string[]): LintFlags | undefined {
  if (argv.length === 0 || otherCommands.has(argv[0]!)) return undefined;
  for (const arg of argv) {
    if (arg === 'help' || arg === '--' || arg === '-' || arg.startsWith('--help') || arg === '--version') return undefined;
    // a single dash: only a lone known alias (`-f`); groups (`-qf`) and `-f=json` are yargs' to read
    if (/^-[^-]/.test(arg) && !(arg.length === 2 && shortAliases.has(arg[1]!))) return undefined;
  }
  const args = argv[0] === 'lint' ? argv.slice(1) : [...argv];
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: parseOptions, allowPositionals: true, allowNegative: true, strict: true });
  } catch {
    return undefined;
  }
  // `swaglint --quiet` names no command and no file: yargs says so
  if (argv[0] !== 'lint' && parsed.positionals.length === 0) return undefined;
  const flags: Record<string, unknown> = { ...lintDefaults };
  for (const [name, given] of Object.entries(parsed.values)) {
    const option = table[name]!;
    const values = given as Array<string | boolean>;
    if (option.type === 'number') return undefined;
    if (values.length > 1 && !option.repeatable) return undefined;
    if (option.requiresArg && values.includes('')) return undefined;
    if (option.choices && !values.every((v) => option.choices!.includes(String(v)))) return undefined;
    flags[name] = values.length === 1 ? values[0] : values;
  }
  // `swaglint lint` alone: the current project, as `eslint .`
  return { ...(flags as unknown as LintFlags), files: parsed.positionals.length > 0 ? parsed.positionals : ['.'] };
}
