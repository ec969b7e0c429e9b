import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';

/** The commented configuration `swaglint init` writes. */
export const starterConfig = `# swaglint configuration: found by walking up from each document (see docs/configuration.md).
# Every key is optional; remove what you do not need.

# The preset to start from: swaglint:recommended, or swaglint:all (turns on the opt-in rules too).
# Other config files (relative paths) and packages can be listed as well; later entries win.
extends: swaglint:recommended

# A rule's severity: off, hint, info, warn or error; or [severity, options].
rules:
  # path-case: [warn, { style: kebab }]
  # description-nonempty: warn

# Settings for some documents (globs relative to this file) or some API paths. A path setting is
# inherited by every path below it; for each rule the most specific matching pattern wins.
overrides: []
#  - paths: ["/legacy/**"]
#    rules:
#      path-no-verbs: off
#  - files: ["internal/*.yaml"]
#    rules:
#      security-defined: off

# Custom rules: local modules or packages whose default export is a rule (or a list of rules).
# plugins: ["./swaglint-rules.mjs"]
`;

/** A rule setting `swaglint init` proposes from a first run, with why. */
export interface ProposedRule {
  id: string;
  level: 'off' | 'warn';
  why: string;
}

/** The starter configuration with the proposed rule settings (each with its reason) in its `rules:`. */
export function starterWith(rules: readonly ProposedRule[]): string {
  if (rules.length === 0) return starterConfig;
  const lines = rules.map((r) => `  ${r.id}: ${r.level}  # ${r.why}`).join('\n');
  return starterConfig.replace('rules:\n', `rules:\n  # proposed by swaglint init from the first run; remove a line to turn the rule back on\n${lines}\n`);
}

/**
 * Writes the starter config (with `rules` proposed by init) into `dir`, atomically and never over an
 * existing file: the text goes to a temp file that is then hard-linked to the final name, which fails
 * if that name exists.
 */
export async function writeStarterConfig(dir: string, rules: readonly ProposedRule[] = []): Promise<string> {
  const file = path.join(dir, '.swaglint.yaml');
  const temp = path.join(dir, `.swaglint.yaml.${process.pid}.tmp`);
  try {
    await fs.writeFile(temp, starterWith(rules), { flag: 'wx' });
    await fs.link(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UserError(`${file} already exists; swaglint init never overwrites a configuration.`);
    throw new UserError(`Cannot write ${file}: ${code === 'EACCES' ? 'permission denied' : String(code ?? error)}.`);
  } finally {
    await fs.rm(temp, { force: true });
  }
  return file;
}
