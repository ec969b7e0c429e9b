import path from 'node:path';
import { UserError } from '../errors.js';
import { rangeOf, type Source } from '../load/source.js';

/**
 * A problem in a configuration file, named by file, line and column when the file has positions
 * (YAML, JSON) and by file alone when it is code (a `.js` config).
 */
export function configError(file: string, message: string, at?: { source: Source; pointer: readonly string[] }): UserError {
  const name = path.relative(process.cwd(), file) || file;
  const shown = name.startsWith('..') ? file : name;
  if (!at) return new UserError(`${shown}: ${message}`);
  const { start } = rangeOf(at.source, at.pointer, 'key');
  return new UserError(`${shown}:${start.line + 1}:${start.character + 1}: ${message}`);
}
