// Starting the job queue and this process's lint workers: for `serve` on a PostgreSQL server (API
// and workers, or `--role api`: API alone) and for `serve --role worker` (workers alone, no HTTP).
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { createLinter, type LintLimits, type Linter } from '../lint-revision.js';
import { Store } from '../store.js';
import type { PublishJobs } from './publish.js';
import { JobQueue } from './queue.js';
import { LintWorkers, type JobReport } from './worker.js';
import { listenProbes } from './worker-probes.js';
import { ServiceMetrics } from '../metrics.js';
import { DatabaseHealth } from '../db/health.js';

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
  report?: JobReport,
): Promise<PublishJobs> {
  const queue = await JobQueue.open(database, { expireSeconds: Math.ceil(options.lint.timeoutMs / 1000) + storeGraceSeconds, log: options.log });
  const workers = workerCount > 0 ? new LintWorkers(queue, store, linter, workerCount, options.log, report) : undefined;
  workers?.start();
  return { queue, workers, maxQueued: options.lint.maxQueued ?? 100, waitMs: options.publishWaitMs ?? 30_000 };
}

export interface RunningWorker {
  /** Where its probes and metrics answer. */
  probes: string;
  /** Takes no more jobs, lets those running finish (up to `drainTimeoutMs`), then closes. */
  close(): Promise<void>;
}

/** `swaglint serve --role worker`: lint workers on the database, with probes and metrics on `host:port`. */
export async function startWorker(options: {
  host: string;
  port: number;
  database: { url: string };
  lint: LintLimits;
  log: (line: string) => void;
  drainTimeoutMs?: number | undefined;
}): Promise<RunningWorker> {
  const database = await openDatabase(options.database);
  let linter: Linter | undefined;
  let jobs: PublishJobs | undefined;
  try {
    await migrate(database);
    linter = createLinter(options.lint);
    const metrics = new ServiceMetrics();
    jobs = await openJobs(database, new Store(database), linter, options, options.lint.concurrency, (outcome, wait, run) => {
      metrics.lint(outcome, run);
      metrics.job(wait, run);
    });
    const queue = jobs.queue;
    metrics.watchQueue(() => queue.depth());
    let draining = false;
    const { server, url } = await listenProbes(options.host, options.port, new DatabaseHealth(database), metrics, () => draining);
    const opened = jobs;
    return {
      probes: url,
      async close() {
        draining = true;
        await opened.workers?.stop(options.drainTimeoutMs ?? 30_000);
        await opened.queue.stop();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await linter!.close();
        await database.close();
      },
    };
  } catch (error) {
    await jobs?.workers?.stop(0);
    await jobs?.queue.stop().catch(() => undefined);
    await linter?.close();
    await database.close().catch(() => undefined);
    throw error;
  }
}
