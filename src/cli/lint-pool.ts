import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { UserError } from '../errors.js';
import type { FileResult, LintOptions } from '../lint/lint.js';
import { lintOneFile } from './lint-one.js';

export interface Job {
  index: number;
  file: string;
}

export type Reply = { index: number; result: FileResult } | { index: number; error: { message: string; user: boolean } };

/**
 * Lints files on every core: a pool of worker threads, one per core, each sent the next file when it
 * is done with one (documents differ in size by orders of magnitude, so fixed shares would idle).
 * One file, or one core, stays in this thread: starting a worker costs more than linting a small
 * document. Results come back in the files' order, whatever order the workers finish in.
 */
export async function lintInParallel(files: readonly string[], options: LintOptions, onDone: () => void): Promise<FileResult[]> {
  const size = Math.min(availableParallelism(), files.length);
  if (size < 2 || options.plugins || options.signal || options.sourceCache) return lintHere(files, options, onDone);
  const results: FileResult[] = new Array(files.length);
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      const feed = (worker: Worker) => {
        if (next < files.length) {
          const index = next++;
          worker.postMessage({ index, file: files[index]! } satisfies Job);
        }
      };
      for (let i = 0; i < size; i++) {
        const worker = new Worker(new URL('./lint-worker.js', import.meta.url), { workerData: { options } });
        workers.push(worker);
        worker.on('message', (reply: Reply) => {
          if ('error' in reply) {
            reject(reply.error.user ? new UserError(reply.error.message) : new Error(reply.error.message));
            return;
          }
          results[reply.index] = reply.result;
          onDone();
          if (++done === files.length) resolve();
          else feed(worker);
        });
        worker.on('error', reject);
        feed(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

/** In this thread, a few at a time so that reading one file overlaps linting another. */
async function lintHere(files: readonly string[], options: LintOptions, onDone: () => void): Promise<FileResult[]> {
  const results: FileResult[] = new Array(files.length);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const i = next++;
      results[i] = await lintOneFile(files[i]!, options);
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, files.length) }, lane));
  return results;
}
