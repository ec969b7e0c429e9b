import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { UserError } from '../errors.js';
import type { FileResult, LintOptions } from '../lint/lint.js';
import { lintOneFile } from './lint-one.js';
import { lintWorkerUrl } from '../paths.js';

export interface Job {
  index: number;
  file: string;
  /** The file's own options: its configuration is found from where it lives. */
  options: LintOptions;
}

/** Options a worker can take: plain data (custom rules are functions, a signal and a cache are this thread's). */
function transferable(options: LintOptions): boolean {
  return !options.plugins?.length && !options.config?.plugins?.length && !options.signal && !options.sourceCache;
}

export type Reply = { index: number; result: FileResult } | { index: number; error: { message: string; user: boolean } };

/**
 * A worker thread costs about 0.3–0.5 s before its first result (a new isolate loading every module),
 * several times the lint of a typical document: below this many files, this thread alone is faster.
 */
const minFilesForWorkers = 4;

/**
 * Lints files on every core: this thread, which has every module loaded already, plus one worker
 * thread per other core, all taking the next file from one queue when done with one (documents differ
 * in size by orders of magnitude, so fixed shares would idle). Results come back in the files' order,
 * whatever order they finish in.
 */
export async function lintInParallel(files: ReadonlyArray<{ file: string; options: LintOptions }>, onDone: () => void): Promise<FileResult[]> {
  const results: FileResult[] = new Array(files.length);
  const workerCount = files.length < minFilesForWorkers || !files.every((f) => transferable(f.options)) ? 0 : Math.min(availableParallelism() - 1, files.length - 1);
  let next = 0;
  let failed: unknown;
  const workers: Worker[] = [];
  const lanes: Array<Promise<void>> = [];

  // this thread: a few files at a time when alone, so that reading one overlaps linting another
  const here = async () => {
    while (next < files.length && failed === undefined) {
      const index = next++;
      const { file, options } = files[index]!;
      results[index] = await lintOneFile(file, options);
      onDone();
    }
  };
  for (let i = 0; i < (workerCount ? 1 : Math.min(4, files.length)); i++) lanes.push(here());

  for (let i = 0; i < workerCount; i++) {
    const worker = new Worker(lintWorkerUrl);
    workers.push(worker);
    lanes.push(
      new Promise<void>((resolve, reject) => {
        const feed = () => {
          if (next < files.length && failed === undefined) {
            const index = next++;
            worker.postMessage({ index, ...files[index]! } satisfies Job);
          } else resolve();
        };
        worker.on('message', (reply: Reply) => {
          if ('error' in reply) {
            reject(reply.error.user ? new UserError(reply.error.message) : new Error(reply.error.message));
            return;
          }
          results[reply.index] = reply.result;
          onDone();
          feed();
        });
        worker.on('error', reject);
        // after the lane resolved (terminate) this is a no-op; before, a worker that died unasked
        worker.on('exit', (code) => reject(new Error(`a lint worker stopped (exit code ${code})`)));
        feed();
      }).catch((error: unknown) => {
        failed ??= error;
      }),
    );
  }
  try {
    await Promise.all(lanes.map((lane) => lane.catch((error: unknown) => void (failed ??= error))));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  if (failed !== undefined) throw failed;
  return results;
}
