/**
 * A problem with what the user asked for (a missing file, a bad flag, an invalid config): the CLI
 * prints its message alone and exits 2. Anything else that escapes is a swaglint bug.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
}

/**
 * A rule stopped on a document because of how it is configured (a ruleset's filter that builds past
 * its bounds, a ruleset's JavaScript function that throws): the engine reports it as `config-error`,
 * naming the rule, instead of an internal error, and the run fails.
 */
export class RuleConfigurationError extends Error {
  override readonly name = 'RuleConfigurationError';
}

// Texts for bad input, kept together so they read alike.
export const messages = {
  noSuchFile: (file: string) => `No such file or directory: ${file}. Check the path, or quote a glob so the shell does not expand it.`,
  noMatch: (pattern: string) => `No files match '${pattern}'. Check the pattern and the directory it is relative to.`,
  isDirectory: (file: string) => `${file} is a directory, not a document; pass a glob such as '${file.replace(/\/$/, '')}/**/*.yaml' to lint the documents in it.`,
  emptyDirectory: (dir: string) => `${dir} holds no YAML or JSON files to lint.`,
  unreadable: (file: string, reason: string) => `Cannot read ${file}: ${reason}.`,
  tooLarge: (file: string, size: string, limit: string) => `${file} is ${size}, over swaglint's limit of ${limit} for one document; split it with $refs into files under the limit.`,
};
