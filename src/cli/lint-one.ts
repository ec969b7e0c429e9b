import { UserError } from '../errors.js';
import { lintInput, type FileResult, type LintRuntime, type LintSettings } from '../pipeline/lint.js';
import { isRemote } from '../load/refs.js';

/**
 * Lints one file for a many-file run. A swaglint bug on one file becomes an `internal-error` finding
 * for that file, so every other file is still linted and reported; bad input (an unreadable file)
 * still ends the run with its one sentence.
 */
export async function lintOneFile(file: string, settings: LintSettings, runtime: LintRuntime): Promise<FileResult> {
  try {
    return await lintInput(isRemote(file) ? { url: file } : { path: file }, { ...settings, ...runtime });
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
