// The lint workers: a few loops that take publishes' jobs from the queue, lint each in the lint pool
// (worker threads, under --lint-timeout) and store its revision; when no publish waits, re-lints and
// retention sweeps. They run inside `serve` (the default)
// and in `serve --role worker` processes; any number of them, on any machine, share one queue.
import type PgBoss from 'pg-boss';
import { HttpError } from '../http/errors.js';
import { isUniqueViolation, type RevisionSummary, type Store } from '../store.js';
import type { Linter } from '../lint-revision.js';
import { lintQueue, relintQueue, retentionQueue, type JobQueue, type LintJobOutput, type TakenLintJob } from './queue.js';
import { runRelint, type RelintJobData } from './relint-job.js';
import { sweepRevisions, type RetentionPolicy } from '../retention.js';

/** A publish's job (its bundle left as text), or a re-lint's or a sweep's. */
type Taken = { queue: typeof lintQueue; job: TakenLintJob } | Maintenance;
interface Maintenance {
  queue: typeof relintQueue | typeof retentionQueue;
  job: PgBoss.JobWithMetadata<unknown>;
}

/** What a worker process tells its /metrics of each job it ran: the outcome, its wait and its run. */
export type JobReport = (outcome: 'ok' | 'refused' | 'failed' | 'abandoned', waitSeconds: number | undefined, runSeconds: number) => void;

export class LintWorkers {
  #stopping = false;
  readonly #loops: Promise<void>[] = [];
  readonly #sleepers = new Set<() => void>();
  #running = 0;
  #prunedAt = 0;

  constructor(
    private readonly queue: JobQueue,
    private readonly store: Store,
    private readonly linter: Linter,
    private readonly concurrency: number,
    private readonly log: (line: string) => void,
    private readonly report: JobReport = () => undefined,
    /** How often an idle loop looks for a job; a job queued in this process wakes it at once. */
    private readonly pollMs = 500,
  ) {}

  /** Jobs being linted or stored by this process now. */
  get running(): number {
    return this.#running;
  }

  start(): void {
    for (let i = 0; i < this.concurrency; i++) this.#loops.push(this.#loop());
  }

  /** A job was queued by this process: an idle loop takes it now rather than at its next poll. */
  wake(): void {
    for (const wake of this.#sleepers) wake();
  }

  async #loop(): Promise<void> {
    while (!this.#stopping) {
      let taken: Taken | undefined;
      try {
        taken = await this.#take();
      } catch (error) {
        // the database is away (a restart): try again shortly, as the API instances do
        this.log(`worker: cannot fetch a job: ${(error as Error).message}`);
        await this.#sleep(2000);
        continue;
      }
      if (!taken) {
        await this.#sleep(this.pollMs);
        continue;
      }
      this.#running++;
      try {
        if (taken.queue === lintQueue) await this.#lintJob(taken.job);
        else await this.#maintenanceJob(taken);
      } finally {
        this.#running--;
      }
      if (Date.now() - this.#prunedAt > 10 * 60_000) {
        this.#prunedAt = Date.now();
        await this.queue.prune().catch((error: unknown) => this.log(`worker: cannot prune old jobs: ${(error as Error).message}`));
      }
    }
  }

  /** A publish first (someone waits for it), else a re-lint, else a retention sweep. */
  async #take(): Promise<Taken | undefined> {
    // a publish's bundle is not parsed here: the lint thread parses it (TakenLintJob)
    const lint = await this.queue.takeLintJob();
    if (lint) return { queue: lintQueue, job: lint };
    for (const queue of [relintQueue, retentionQueue] as const) {
      const [job] = (await this.queue.boss.fetch<unknown>(queue, { batchSize: 1, includeMetadata: true })) ?? [];
      if (job) return { queue, job };
    }
    return undefined;
  }

  async #lintJob(job: TakenLintJob): Promise<void> {
    const started = performance.now();
    const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const waited = job.startedOn && job.createdOn ? Math.max(0, (new Date(job.startedOn).getTime() - new Date(job.createdOn).getTime()) / 1000) : undefined;
    try {
      const output = await this.#run(job);
      if (output) await this.queue.finish(job.id, output);
      // no output kept in pg-boss's row: the publish reads it from lint_jobs
      await this.queue.boss.complete(lintQueue, job.id);
      // the job has ended: its body is read no more (the sweep takes it if this fails)
      if (job.head.bodyId !== undefined) await this.queue.dropBody(job.head.bodyId).catch((error: unknown) => this.log(`worker: cannot delete the body of job ${job.id}: ${(error as Error).message}`));
      this.log(`worker: job ${job.id} (${job.head.apiId} revision ${job.head.number}) ${output === undefined ? 'cancelled' : 'revision' in output ? 'stored' : output.error.code} in ${took()}`);
      this.report(output === undefined ? 'abandoned' : 'revision' in output ? 'ok' : 'refused', waited, (performance.now() - started) / 1000);
    } catch (error) {
      // not the document's fault (the database went away mid-job): pg-boss runs it again
      this.log(`worker: job ${job.id} failed after ${took()}: ${(error as Error).message}`);
      this.report('failed', waited, (performance.now() - started) / 1000);
      await this.queue.boss.fail(lintQueue, job.id, { message: (error as Error).message }).catch(() => undefined);
    }
  }

  /** A re-lint (relint-job.ts) or a retention sweep (retention.ts); a failure is pg-boss's to retry. */
  async #maintenanceJob({ queue, job }: Maintenance): Promise<void> {
    const started = performance.now();
    try {
      const done =
        queue === relintQueue
          ? `re-lint of ${(job.data as RelintJobData).apiId}: ${await runRelint(this.store, this.linter, job as PgBoss.Job<RelintJobData>)}`
          : `retention: removed ${await sweepRevisions(this.store.db, job.data as RetentionPolicy)} revision(s)`;
      await this.queue.boss.complete(queue, job.id);
      this.log(`worker: job ${job.id} ${done} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      this.log(`worker: job ${job.id} (${queue}) failed: ${(error as Error).message}`);
      await this.queue.boss.fail(queue, job.id, { message: (error as Error).message }).catch(() => undefined);
    }
  }

  /** The publish's answer; undefined when the job was cancelled before it started (its client left). */
  async #run(job: TakenLintJob): Promise<LintJobOutput | undefined> {
    const { id: jobId, head: data } = job;
    if (!(await this.queue.claim(jobId))) return undefined;
    // a run after a worker died between storing and completing: its revision is there already
    const stored = await this.store.revision(data.apiId, data.number);
    if (stored) return { revision: stored };
    const [api] = await this.store.db.query<{ ruleset_id: string }>('SELECT ruleset_id FROM apis WHERE id = $1', [data.apiId]);
    if (!api) return { error: { status: 404, code: 'not-found', message: `The API '${data.apiId}' was deleted before its publish was linted.` } };
    const ruleset = (await this.store.ruleset(api.ruleset_id))!;
    // swept as orphaned, which a job still running should never be: the publish is asked again
    if (job.text === undefined) return { error: { status: 503, code: 'lint-failed', message: 'The body of this publish was lost before it was linted; publish again.' } };
    let outcome;
    try {
      outcome = await this.linter.lint({ root: data.root, jobText: job.text }, ruleset);
    } catch (error) {
      // the document's own answer (not an API, over the time or memory limit): the publish gets it
      if (error instanceof HttpError && error.status < 500) return { error: { status: error.status, code: error.code, message: error.message } };
      throw error;
    }
    let revision: RevisionSummary;
    try {
      revision = await this.store.addRevision({
        apiId: data.apiId,
        number: data.number,
        root: data.root,
        ...outcome,
        publishedBy: data.publishedBy,
        idempotencyKey: data.idempotencyKey ?? undefined,
        files: this.queue.jobFiles(job),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // stored meanwhile: by this job's earlier run, or by another publish with the same key
      const again = (data.idempotencyKey !== null ? await this.store.revisionByKey(data.apiId, data.idempotencyKey) : undefined) ?? (await this.store.revision(data.apiId, data.number));
      if (!again) throw error;
      return { revision: again };
    }
    return { revision };
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#sleepers.add(done);
    });
  }

  /**
   * Takes no more jobs and lets those running finish, up to `timeoutMs`; a job still running then is
   * left to expire and run again elsewhere (its revision number keeps it from being stored twice).
   */
  async stop(timeoutMs: number): Promise<void> {
    this.#stopping = true;
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(this.#loops), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }
}
