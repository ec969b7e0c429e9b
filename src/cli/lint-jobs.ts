import type { MessagePort } from 'node:worker_threads';
import { UserError } from '../errors.js';
import { lintOneFile } from './lint-one.js';
import type { Job, Reply } from './lint-pool.js';

/**
 * What a worker thread of the many-file pool (lint-pool.ts) does: lints the files it is sent, one at
 * a time. Run by lint-worker.ts (the unbundled modules) or, in the CLI, from the CLI bundle through
 * its code cache (src/startup/cli-start.ts, `startPoolWorker`).
 */
export function serveLintJobs(port: MessagePort): void {
  port.on('message', (job: Job) => {
    const runtime = job.debug ? { debug: (line: string) => port.postMessage({ index: job.index, debug: line } satisfies Reply) } : {};
    lintOneFile(job.file, job.settings, runtime, job.text).then(
      (result) => port.postMessage({ index: job.index, result } satisfies Reply),
      (error: unknown) =>
        port.postMessage({ index: job.index, error: { message: error instanceof Error ? error.message : String(error), user: error instanceof UserError } } satisfies Reply),
    );
  });
}
