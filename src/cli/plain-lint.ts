/**
 * The files of a plain `swaglint lint <files..>` or `swaglint <files..>`: no flag, no other command, no
 * `help`. That is what editors' save hooks and pre-commit run, many times a day; it needs none of yargs,
 * whose loading and help text cost more than bare Node's start (docs/architecture.md, "Performance habits").
 * Anything else goes through yargs, which then decides exactly as before.
 */
/** The commands other than `lint`: their arguments are not files. */
const otherCommands: ReadonlySet<string> = new Set(['rules', 'render', 'init', 'help', 'serve']);

export function plainLintFiles(argv: readonly string[]): string[] | undefined {
  if (argv.length === 0 || otherCommands.has(argv[0]!)) return undefined;
  for (const arg of argv) if (arg.startsWith('-') || arg === 'help') return undefined;
  // `swaglint lint` alone: the current project, as `eslint .`
  if (argv.length === 1 && argv[0] === 'lint') return ['.'];
  const files = argv[0] === 'lint' ? argv.slice(1) : [...argv];
  return files.length > 0 ? files : undefined;
}
