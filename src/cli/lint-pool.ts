import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { UserError } from '../errors.js';
import type { FileResult, LintRuntime, LintSettings } from '../pipeline/lint.js';
import { lintOneFile } from './lint-one.js';
import { lintWorkerUrl } from '../paths.js';
import { poolWorkerEntry } from './pool-entry.js';

export interface Job {
  index: number;
  file: string;
  /** The file's own settings (plain data: its configuration is found from where it lives). */
  settings: LintSettings;
  /** The document's text when the cache lookup already read it. */
  text?: string;
  /** Whether to send back debug lines, for this thread's `runtime.debug`. */
  debug: boolean;
}

/**
 * What a worker sends: a result, an error, or a debug line (then more replies for the same job follow).
 * The runtime's callbacks stay in this thread; a worker's lines come back as messages.
 */
export type Reply =
  | { index: number; result: FileResult }
  | { index: number; error: { message: string; user: boolean } }
  | { index: number; debug: string };

/**
 * Whether a worker can do what this thread would: yes unless the runtime holds rule objects (code
 * cannot be sent; a configuration's plugins are named by module and load in the worker), a signal or
 * an editor's source cache, none of which the CLI uses.
 */
function workersCan(runtime: LintRuntime): boolean {
  return !runtime.plugins?.length && !runtime.signal && !runtime.sourceCache;
}

/**
 * A worker thread costs about 0.3–0.5 s before its first result when it loads every module, 0.1–0.2 s
 * when it runs the CLI's bundle from its code cache (src/cli/pool-entry.ts; issue 41, round nine),
 * still several times the lint of a typical document: below this many files, this thread alone is faster.
 * Measured again for the cheaper start (`bench/pool-threshold.mjs`, 2 to 6 corpus documents, load 4–5):
 * pool against none 0.89–1.07× wall, no gain outside the noise where the second core is busy, so it
 * stays until an idle machine says a lower bound pays.
 */
const minFilesForWorkers = 4;

/**
 * Lints files on every core: this thread, which has every module loaded already, plus one worker
 * thread per other core, all taking the next file from one queue when done with one (documents differ
 * in size by orders of magnitude, so fixed shares would idle). Results come back in the files' order,
 * whatever order they finish in.
 */
export async function lintInParallel(files: ReadonlyArray<{ file: string; settings: LintSettings; text?: string }>, runtime: LintRuntime, onDone: () => void): Promise<FileResult[]> {
  const results: FileResult[] = new Array(files.length);
  const workerCount = files.length < minFilesForWorkers || !workersCan(runtime) ? 0 : Math.min(availableParallelism() - 1, files.length - 1);
  let next = 0;
  let failed: unknown;
  const workers: Worker[] = [];
  const lanes: Array<Promise<void>> = [];

  // this thread: a few files at a time when alone, so that reading one overlaps linting another
  const here = async () => {
    while (next < files.length && failed === undefined) {
      const index = next++;
      const { file, settings, text } = files[index]!;
      results[index] = await lintOneFile(file, settings, runtime, text);
      onDone();
    }
  };
  for (let i = 0; i < (workerCount ? 1 : Math.min(4, files.length)); i++) lanes.push(here());

  for (let i = 0; i < workerCount; i++) {
    // node:worker_threads only when a pool is needed: most runs lint one file in this thread. In the
    // CLI, the worker runs the CLI's bundle through its code cache (src/cli/pool-entry.ts)
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    const entry = poolWorkerEntry();
    const worker = entry ? new Worker(entry.file, { workerData: entry.workerData }) : new Worker(lintWorkerUrl);
    workers.push(worker);
    lanes.push(
      new Promise<void>((resolve, reject) => {
        const feed = () => {
          if (next < files.length && failed === undefined) {
            const index = next++;
            worker.postMessage({ index, ...files[index]!, debug: runtime.debug !== undefined } satisfies Job);
          } else resolve();
        };
        worker.on('message', (reply: Reply) => {
          if ('debug' in reply) {
            runtime.debug?.(reply.debug);
            return;
          }
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
