// Starting the job queue and this process's lint workers: for `serve` on a PostgreSQL server (API
// and workers, or `--role api`: API alone) and for `serve --role worker` (workers alone, no HTTP).
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { createLinter, type LintLimits, type Linter } from '../lint-revision.js';
import { Store } from '../store.js';
import type { PublishJobs } from './publish.js';
import { JobQueue } from './queue.js';
import { LintWorkers } from './worker.js';

/**
 * A job running longer than the lint's limit plus this is taken for dead (its worker killed, its
 * machine gone) and runs again elsewhere: room for writing a large revision after a long lint.
 */
const storeGraceSeconds = 15;

export async function openJobs(
  database: Database,
  store: Store,
  linter: Linter,
  options: { lint: LintLimits; log: (line: string) => void; publishWaitMs?: number | undefined },
  workerCount: number,
): Promise<PublishJobs> {
  const queue = await JobQueue.open(database, { expireSeconds: Math.ceil(options.lint.timeoutMs / 1000) + storeGraceSeconds, log: options.log });
  const workers = workerCount > 0 ? new LintWorkers(queue, store, linter, workerCount, options.log) : undefined;
  workers?.start();
  return { queue, workers, maxQueued: options.lint.maxQueued ?? 100, waitMs: options.publishWaitMs ?? 30_000 };
}

export interface RunningWorker {
  /** Takes no more jobs, lets those running finish (up to `drainTimeoutMs`), then closes. */
  close(): Promise<void>;
}

/** `swaglint serve --role worker`: lint workers on the database, and nothing else. */
export async function startWorker(options: { database: { url: string }; lint: LintLimits; log: (line: string) => void; drainTimeoutMs?: number | undefined }): Promise<RunningWorker> {
  const database = await openDatabase(options.database);
  let linter: Linter | undefined;
  try {
    await migrate(database);
    linter = createLinter(options.lint);
    const jobs = await openJobs(database, new Store(database), linter, options, options.lint.concurrency);
    return {
      async close() {
        await jobs.workers?.stop(options.drainTimeoutMs ?? 30_000);
        await jobs.queue.stop();
        await linter!.close();
        await database.close();
      },
    };
  } catch (error) {
    await linter?.close();
    await database.close().catch(() => undefined);
    throw error;
  }
}
