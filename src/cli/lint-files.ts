import type { FileResult, LintRuntime, LintSettings } from '../pipeline/lint.js';
import { lintInParallel } from './lint-pool.js';
import type { LintCache } from './lint-cache.js';

export interface Progress {
  /** Called after each file, with how many are done out of how many. */
  (done: number, total: number): void;
}

/**
 * The files of one run → their results, in the files' order: from the cache where nothing changed,
 * the rest linted on every core, then stored back. Each file has its own settings (its configuration
 * is found from where it lives); the runtime is the run's.
 */
export async function lintFiles(
  files: readonly string[],
  settingsFor: (file: string) => Promise<LintSettings>,
  runtime: LintRuntime,
  cache: LintCache | undefined,
  progress: Progress,
): Promise<FileResult[]> {
  const results: Array<FileResult | undefined> = new Array(files.length);
  // a missed document's text as the cache lookup read it: linted from memory, not read again
  const texts: Array<string | undefined> = new Array(files.length);
  const settings: LintSettings[] = [];
  for (const file of files) settings.push(await settingsFor(file));
  let done = 0;
  const tick = () => progress(++done, files.length);
  if (cache) {
    for (const [i, file] of files.entries()) {
      const found = await cache.lookup(file, settings[i]!);
      results[i] = found.result;
      texts[i] = found.text;
      if (results[i]) tick();
    }
  }
  const todo = files.map((file, index) => ({ file, index })).filter(({ index }) => !results[index]);
  const linted = await lintInParallel(todo.map(({ file, index }) => ({ file, settings: settings[index]!, ...(texts[index] !== undefined ? { text: texts[index] } : {}) })), runtime, tick);
  todo.forEach(({ index }, i) => {
    results[index] = linted[i]!;
    cache?.store(linted[i]!, settings[index]!);
  });
  return results as FileResult[];
}
