import type { FileResult, LintOptions } from '../lint/lint.js';
import { lintInParallel } from './lint-pool.js';
import type { LintCache } from './lint-cache.js';

export interface Progress {
  /** Called after each file, with how many are done out of how many. */
  (done: number, total: number): void;
}

/**
 * The files of one run → their results, in the files' order: from the cache where nothing changed,
 * the rest linted on every core, then stored back.
 */
export async function lintFiles(files: readonly string[], optionsFor: (file: string) => Promise<LintOptions>, cache: LintCache | undefined, progress: Progress): Promise<FileResult[]> {
  const results: Array<FileResult | undefined> = new Array(files.length);
  const options: LintOptions[] = [];
  for (const file of files) options.push(await optionsFor(file));
  let done = 0;
  const tick = () => progress(++done, files.length);
  if (cache) {
    for (const [i, file] of files.entries()) {
      results[i] = await cache.lookup(file, options[i]!);
      if (results[i]) tick();
    }
  }
  const todo = files.map((file, index) => ({ file, index })).filter(({ index }) => !results[index]);
  const linted = await lintInParallel(todo.map(({ file, index }) => ({ file, options: options[index]! })), tick);
  todo.forEach(({ index }, i) => {
    results[index] = linted[i]!;
    cache?.store(linted[i]!, options[index]!);
  });
  return results as FileResult[];
}
