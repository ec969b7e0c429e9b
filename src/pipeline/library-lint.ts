// The library's lint entry points (src/index.ts): the pipeline's, with one root cause one finding
// (issue 39). A finding that names its consequences takes the findings they are into its `folded`
// list, as the CLI and the language server report them; `fold: false` keeps them as findings of their
// own. The CLI, the language server and the cache call the pipeline below this and fold where they must
// (the CLI after the baseline and `--quiet`).
import { foldFindings } from '../filters/fold.js';
import type { Diagnostic } from '../types.js';
import { lintInput as lintInputUnfolded, lintText as lintTextUnfolded, type FileResult, type LintInput, type LintOptions } from './lint.js';

/** The library's options: the pipeline's, and whether consequences are folded into their cause. */
export interface LibraryLintOptions extends LintOptions {
  /**
   * Fold a root cause's consequences into it (`Diagnostic.folded`; default true), or keep them as
   * findings of their own (false: what the CLI's `--no-fold` lists).
   */
  fold?: boolean;
}

/** Lints one document and returns its diagnostics, sorted, consequences folded into their cause. Never prints, never exits. */
export async function lint(input: LintInput, options: LibraryLintOptions = {}): Promise<Diagnostic[]> {
  return (await lintInput(input, options)).diagnostics;
}

export async function lintInput(input: LintInput, options: LibraryLintOptions = {}): Promise<FileResult> {
  const { fold = true, ...rest } = options;
  return folded(await lintInputUnfolded(input, rest), fold);
}

export async function lintText(text: string, uri: string, options: LibraryLintOptions = {}): Promise<FileResult> {
  const { fold = true, ...rest } = options;
  return folded(await lintTextUnfolded(text, uri, rest), fold);
}

function folded(result: FileResult, fold: boolean): FileResult {
  return fold ? { ...result, diagnostics: foldFindings(result.diagnostics) } : result;
}
