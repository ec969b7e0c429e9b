// The command line's values, checked and explained in one sentence each: a flag's value that is not
// what it should be, a misspelt command, and yargs's own messages (multi-line, in its own words)
// rewritten in swaglint's. Kept apart from main.ts so that module stays the wiring of commands.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { closest, distance } from '../text/edit-distance.js';
import { UserError } from '../errors.js';
import { failLevels, type FailLevel } from './fail-level.js';

/** The commands, as typed. */
export const commandNames = ['lint', 'rules', 'render', 'init'] as const;

/**
 * `--fail-on`: one of the levels. `warning` is accepted as `warn`, since the reports say "warning"
 * (stylish, SARIF, GitHub annotations), and a reader copies what they see.
 */
export function parseFailOn(value: unknown): FailLevel {
  const text = String(value);
  if (text === 'warning') return 'warn';
  if ((failLevels as readonly string[]).includes(text)) return text as FailLevel;
  throw new UserError(`--fail-on ${text} is not a severity level; use one of ${failLevels.join(', ')}.`);
}

/** `--max-warnings`: a whole number, 0 or more; anything else would silently turn the gate off. */
export function parseMaxWarnings(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? String(value[value.length - 1]) : String(value);
  if (!/^\d+$/.test(text)) throw new UserError(`--max-warnings ${text} is not a number of warnings; give a whole number, 0 or more, such as --max-warnings 10.`);
  return Number(text);
}

/**
 * A first word that names no file and is one or two letters away from a command (`swaglint lnt`):
 * without this it would be taken as a file to lint and reported as missing.
 */
export function misspeltCommand(argv: readonly string[], cwd: string): string | undefined {
  const word = argv[0];
  if (word === undefined || !/^[a-z][a-z-]*$/i.test(word) || (commandNames as readonly string[]).includes(word) || word === 'help') return undefined;
  const near = closest(word.toLowerCase(), [...commandNames]);
  if (distance(word.toLowerCase(), near) > Math.min(2, near.length - 2)) return undefined;
  if (existsSync(path.resolve(cwd, word))) return undefined;
  return `unknown command '${word}'; did you mean '${near}'?`;
}

/**
 * yargs's failure messages → one sentence naming the flag as typed. yargs writes, for instance,
 * `Invalid values:\n  Argument: preset, Given: "foo", Choices: "recommended", "all"`.
 */
export function oneSentence(message: string, argv: readonly string[]): string {
  const flag = (name: string) => (argv.includes(`-${name}`) || name.length === 1 ? `-${name}` : `--${name}`);
  const unquote = (list: string) => [...list.matchAll(/"((?:[^"\\]|\\.)*)"|([^,\s]+)/g)].map((m) => m[1] ?? m[2]).join(', ');
  let m = /^Invalid values:\s*Argument: ([\w-]+), Given: (.*?), Choices: (.*)$/s.exec(message);
  if (m) return `${flag(m[1]!)} ${unquote(m[2]!)} is not one of ${unquote(m[3]!)}.`;
  m = /^Unknown arguments?: (.*)$/s.exec(message);
  if (m) {
    const names = m[1]!.split(', ');
    const described = names.map((n) => (argv.some((a) => a === `--${n}` || a.startsWith(`--${n}=`) || a === `-${n}`) ? `option ${flag(n)}` : `argument '${n}'`));
    return `unknown ${described.join(', ')}; see swaglint --help.`;
  }
  m = /^Not enough arguments following: ([\w-]+)$/.exec(message);
  if (m) return `${flag(m[1]!)} needs a value.`;
  m = /^Missing required arguments?: (.*)$/.exec(message);
  if (m) return `missing ${m[1]!.split(', ').map((n) => `<${n}>`).join(' ')}; see swaglint --help.`;
  if (/^Not enough non-option arguments/.test(message)) return `a file or document is missing; see swaglint --help.`;
  if (/^Too many non-option arguments/.test(message)) return `too many arguments; see swaglint --help.`;
  return message.replace(/\s*\n\s*/g, ' ');
}
