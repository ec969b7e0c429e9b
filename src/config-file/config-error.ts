import path from 'node:path';
import { UserError } from '../errors.js';
import { rangeOf, type Source } from '../load/source.js';

/**
 * A file as a message names it: relative to the run's working directory when it lies inside it, else
 * absolute (and absolute when no working directory is given: a library caller's own choice).
 */
export function shownPath(file: string, cwd: string | undefined): string {
  if (cwd === undefined) return file;
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

/**
 * A problem in a configuration file, named by file, line and column when the file has positions
 * (YAML, JSON) and by file alone when it is code (a `.js` config). The file is shown relative to `cwd`.
 */
export function configError(file: string, message: string, at?: { source: Source; pointer: readonly string[] }, cwd?: string): UserError {
  const shown = shownPath(file, cwd);
  if (!at) return new UserError(`${shown}: ${message}`);
  const { start } = rangeOf(at.source, at.pointer, 'key');
  return new UserError(`${shown}:${start.line + 1}:${start.character + 1}: ${message}`);
}
