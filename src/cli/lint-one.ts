import path from 'node:path';
import { UserError } from '../errors.js';
import { lintInput, type FileResult, type LintRuntime, type LintSettings } from '../pipeline/lint.js';
import { isRemote } from '../pipeline/inputs.js';

/**
 * Lints one file (or the text of it that was already read) for a many-file run. A swaglint bug on one file becomes an `internal-error` finding
 * for that file, so every other file is still linted and reported; bad input (an unreadable file)
 * still ends the run with its one sentence.
 */
export async function lintOneFile(file: string, settings: LintSettings, runtime: LintRuntime, text?: string): Promise<FileResult> {
  try {
    // the text the cache lookup read (an absolute path's, as the cache keys them): not read again
    const input = isRemote(file) ? { url: file } : text !== undefined && path.isAbsolute(file) ? { text, uri: file } : { path: file };
    return await lintInput(input, { ...settings, ...runtime });
  } catch (error) {
    if (error instanceof UserError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const at = { line: 0, character: 0 };
    return {
      uri: file,
      texts: new Map(),
      diagnostics: [{ ruleId: 'internal-error', severity: 'error', message: `swaglint failed on this file: ${reason}. Please report it.`, uri: file, pointer: '', range: { start: at, end: at } }],
    };
  }
}
