// Lint work as jobs in PostgreSQL, through pg-boss (a maintained job queue on PostgreSQL's SKIP
// LOCKED): an API instance queues a publish and waits for it; a worker anywhere (inside `serve`, or
// `serve --role worker` on another machine) takes it, lints and stores the revision. A job whose
// worker dies (kill -9, a lost machine) expires and runs again elsewhere; the revision's number, taken
// when the job was queued, keeps that second run from storing a second revision.
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database.js';
import type { JobFiles, RevisionSummary } from '../store.js';
import type { RetentionPolicy } from '../retention.js';

/** Publishes to lint and store. */
export const lintQueue = 'swaglint-lint';
/** An API's latest revision to lint again under its rules as they now are (relint-job.ts). */
export const relintQueue = 'swaglint-relint';
/** A retention sweep (retention.ts), run by one worker at a time. */
export const retentionQueue = 'swaglint-retention';
/** pg-boss keeps its tables in this schema, apart from the service's. */
const schema = 'swaglint_jobs';

/**
 * What a publish's job carries: who published it and the id of its body's row (publish_bodies,
 * written by the API instance's reader thread); the ruleset is read when it runs. A job queued by an
 * API instance of an earlier version carries the bundle's files itself instead (a rolling upgrade:
 * workers upgrade first, and take both).
 */
export interface LintJobData {
  apiId: string;
  number: number;
  root: string;
  publishedBy: string;
  idempotencyKey: string | null;
  bodyId?: string;
  files?: Record<string, string>;
}

/**
 * A publish's job as a worker takes it: its data's small fields, and the whole data as its JSON text,
 * unparsed: the lint thread parses the bundle (lint-worker.ts), and the revision's files are copied
 * from the job's row in the database (`files`), so the bundle is never parsed on this event loop.
 */
export interface TakenLintJob {
  id: string;
  createdOn: Date | undefined;
  startedOn: Date | undefined;
  head: Omit<LintJobData, 'files'>;
  /** The bundle's JSON text (root and files); undefined when its body's row is gone. */
  text: string | undefined;
}

/** A job's result: the stored revision, or the answer the publish gets instead (a 422, say). */
export type LintJobOutput = { revision: RevisionSummary } | { error: { status: number; code: string; message: string } };

/** Where a publish's job is, as its waiting instance reads it. */
export interface JobStatus {
  state: 'queued' | 'running' | 'done' | 'cancelled' | 'failed' | 'gone';
  output: LintJobOutput | undefined;
  /** Seconds from queued to started and from started to done, when known. */
  waitSeconds: number | undefined;
  runSeconds: number | undefined;
}

async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return;
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      // processes starting together create the queues at once, and PostgreSQL may pick one of them as
      // a deadlock's victim (pg-boss attaches each queue's partition to one table): it tries again
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** pg-boss runs its SQL through this: the service's own pool (or one transaction), no second pool. */
export function bossDb(db: Queryable): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return { executeSql: async (text, values = []) => ({ rows: await db.query(text, values) }) };
}

/** The same, with a job's data (jsonb) left as its text: for fetching a publish's job. */
function jsonTextDb(db: Database): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return { executeSql: async (text, values = []) => ({ rows: await db.queryJsonText(text, values) }) };
}

export interface JobQueueOptions {
  /** A running job older than this is taken for dead (its worker gone) and runs again. */
  expireSeconds: number;
  log: (line: string) => void;
}

/**
 * pg-boss on the service's database: started once per process, by API instances and workers alike
 * (each supervises: expires jobs whose worker died; pg-boss lets one of them do it at a time).
 */
export class JobQueue {
  private constructor(
    readonly boss: PgBoss,
    readonly db: Database,
    readonly options: JobQueueOptions,
  ) {}

  static async open(db: Database, options: JobQueueOptions): Promise<JobQueue> {
    const created = () =>
      new PgBoss({
        db: bossDb(db) as PgBoss.Db,
        schema,
        schedule: false,
        supervise: true,
        // expiry (a dead worker's job runs again) is checked this often
        maintenanceIntervalSeconds: 5,
        // a job's data is its bundle (up to --max-body): kept no longer than its publish may ask for it
        archiveCompletedAfterSeconds: 3600,
        deleteAfterHours: 1,
      });
    let boss = created();
    for (let attempt = 1; ; attempt++) {
      // a database restart shows as errors of the polling and supervision, which go on once it is back
      boss.on('error', (error: Error) => options.log(`jobs: ${error.message}`));
      try {
        await boss.start();
        break;
      } catch (error) {
        // processes started together on a new database race to create pg-boss's schema, and the loser
        // can fail with a unique violation pg-boss does not expect; by the next try the schema is there
        if (attempt === 3) throw error;
        options.log(`jobs: starting the job queue failed (${(error as Error).message}); trying again`);
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        boss = created(); // a pg-boss whose start failed does not start again
      }
    }
    try {
      await ensureQueue(boss, { name: lintQueue, retryLimit: 3, retryDelay: 1, retryBackoff: true });
      // per API, one re-lint waiting and one running: rules changed again while one waits are that one's
      await ensureQueue(boss, { name: relintQueue, policy: 'stately', retryLimit: 3, retryDelay: 1, retryBackoff: true });
      // one sweep waiting and one running, whichever instances ask
      await ensureQueue(boss, { name: retentionQueue, policy: 'stately', retryLimit: 1, retryDelay: 60 });
    } catch (error) {
      // a started pg-boss keeps the process alive with its timers: a start that fails must exit, not hang
      await boss.stop({ graceful: false, wait: true, close: false }).catch(() => undefined);
      throw error;
    }
    return new JobQueue(boss, db, options);
  }

  /** Takes the next publish's job, if one waits: its bundle stays text (TakenLintJob). */
  async takeLintJob(): Promise<TakenLintJob | undefined> {
    const [job] = await this.boss.fetch<string>(lintQueue, { batchSize: 1, includeMetadata: true, db: jsonTextDb(this.db) as PgBoss.Db });
    if (!job) return undefined;
    const [row] = await this.db.query<{ head: Omit<LintJobData, 'files'> }>(`SELECT data - 'files' AS head FROM ${schema}.job WHERE name = $1 AND id = $2`, [lintQueue, job.id]);
    if (!row) throw new Error(`the job ${job.id} is gone`);
    if (row.head.bodyId === undefined) return { id: job.id, createdOn: job.createdOn, startedOn: job.startedOn, head: row.head, text: job.data };
    // the job is small; its body is in its own row, read as text for the lint thread to parse
    const [body] = await this.db.queryJsonText<{ data: string }>('SELECT data FROM publish_bodies WHERE id = $1', [row.head.bodyId]);
    return { id: job.id, createdOn: job.createdOn, startedOn: job.startedOn, head: row.head, text: body?.data };
  }

  /** A taken job's files, copied from its body's row (or an older job's own) by the database into a revision (Store.addRevision). */
  jobFiles(job: TakenLintJob): JobFiles {
    if (job.head.bodyId !== undefined) return { query: `SELECT f.key AS path, f.value AS content FROM publish_bodies b CROSS JOIN LATERAL jsonb_each_text(b.data -> 'files') f WHERE b.id = $3`, params: [job.head.bodyId] };
    return { query: `SELECT f.key AS path, f.value AS content FROM ${schema}.job j CROSS JOIN LATERAL jsonb_each_text(j.data -> 'files') f WHERE j.name = $3 AND j.id = $4`, params: [lintQueue, job.id] };
  }

  /** A publish's body no job needs (any more): its job ended, or it was never queued. */
  async dropBody(bodyId: string): Promise<void> {
    await this.db.query('DELETE FROM publish_bodies WHERE id = $1', [bodyId]);
  }

  /** Jobs queued and not started: what `--lint-queue` bounds and /metrics reports. */
  depth(): Promise<number> {
    return this.boss.getQueueSize(lintQueue);
  }

  /**
   * Queues a publish, or finds the job a publish with the same Idempotency-Key queued (a retry
   * through another instance waits for that job instead of making a second revision). The number
   * is taken and the job queued in one transaction; `data` makes the job's data with that number.
   */
  async submit(input: { apiId: string; idempotencyKey: string | null; bodyId?: string | undefined; data: (number: number) => LintJobData | Buffer }): Promise<{ jobId: string; number: number; existing: boolean }> {
    return this.db.transaction(async (tx) => {
      if (input.idempotencyKey !== null) {
        const [earlier] = await tx.query<{ job_id: string; number: number; cancelled: boolean }>(
          'SELECT job_id, number, cancelled_at IS NOT NULL AS cancelled FROM lint_jobs WHERE api_id = $1 AND idempotency_key = $2 FOR UPDATE',
          [input.apiId, input.idempotencyKey],
        );
        // read in this transaction: a second pool connection per submit could deadlock a full pool
        if (earlier && !earlier.cancelled && !(await this.ended(earlier.job_id, tx))) return { jobId: earlier.job_id, number: earlier.number, existing: true };
        // a job that was cancelled (its client left) or failed for good: this retry queues anew
        if (earlier) await tx.query('DELETE FROM lint_jobs WHERE job_id = $1', [earlier.job_id]);
      }
      const [api] = await tx.query<{ number: number }>('UPDATE apis SET revision_count = revision_count + 1 WHERE id = $1 RETURNING revision_count AS number', [input.apiId]);
      if (!api) throw new Error(`the API '${input.apiId}' is gone`);
      // a Buffer is jsonb's binary form, made off the event loop (publish-reader.ts): pg sends it as it is
      const data = input.data(api.number) as object;
      const jobId = await this.boss.send(lintQueue, data, { db: bossDb(tx) as PgBoss.Db, expireInSeconds: this.options.expireSeconds });
      if (jobId === null) throw new Error('the job queue refused the job');
      await tx.query('INSERT INTO lint_jobs (api_id, number, job_id, idempotency_key, body_id) VALUES ($1, $2, $3, $4, $5)', [input.apiId, api.number, jobId, input.idempotencyKey, input.bodyId ?? null]);
      return { jobId, number: api.number, existing: false };
    });
  }

  /** A job that failed for good or was cancelled: its key may be used again. */
  private async ended(jobId: string, db: Queryable): Promise<boolean> {
    const status = await this.status(jobId, true, db);
    return status.state === 'failed' || status.state === 'cancelled' || status.state === 'gone';
  }

  /**
   * The job's state from its lint_jobs row (small: no bundle); with `deep`, also whether pg-boss has
   * given it up (failed after its retries), which the row cannot say.
   */
  async status(jobId: string, deep = false, db: Queryable = this.db): Promise<JobStatus> {
    const [row] = await db.query<{ wait: number | null; run: number | null; started: boolean; finished: boolean; cancelled: boolean; outcome: LintJobOutput | null }>(
      `SELECT extract(epoch FROM started_at - queued_at)::float8 AS wait, extract(epoch FROM finished_at - started_at)::float8 AS run,
         started_at IS NOT NULL AS started, finished_at IS NOT NULL AS finished, cancelled_at IS NOT NULL AS cancelled, outcome
       FROM lint_jobs WHERE job_id = $1`,
      [jobId],
    );
    const times = { waitSeconds: row?.wait ?? undefined, runSeconds: row?.run ?? undefined };
    if (!row) return { state: 'gone', output: undefined, ...times };
    if (row.finished) return { state: 'done', output: row.outcome ?? undefined, ...times };
    if (row.cancelled) return { state: 'cancelled', output: undefined, ...times };
    if (deep) {
      // pg-boss's own table, read for its state alone (getJobById would bring the bundle along)
      const [job] = await db.query<{ state: string }>(`SELECT state FROM ${schema}.job WHERE name = $1 AND id = $2 UNION ALL SELECT state FROM ${schema}.archive WHERE name = $1 AND id = $2`, [lintQueue, jobId]);
      if (!job || job.state === 'failed' || job.state === 'cancelled') return { state: 'failed', output: undefined, ...times };
    }
    return { state: row.started ? 'running' : 'queued', output: undefined, ...times };
  }

  /** The job of a revision number not stored (yet): what a 202's URL answers meanwhile. */
  async revisionJob(apiId: string, number: number): Promise<JobStatus | undefined> {
    const [row] = await this.db.query<{ job_id: string }>('SELECT job_id FROM lint_jobs WHERE api_id = $1 AND number = $2', [apiId, number]);
    return row && this.status(row.job_id);
  }

  /**
   * Forgets jobs done or cancelled a day ago (their revisions answer retries by key from then on) and
   * any job a week old (one pg-boss gave up on): the table stays the size of a day's publishes.
   */
  async prune(): Promise<void> {
    await this.db.query(
      `DELETE FROM lint_jobs WHERE (coalesce(finished_at, cancelled_at) < now() - interval '1 day') OR queued_at < now() - interval '7 days'`,
    );
    // a re-lint's base outlives any retry of its job (pg-boss gives up within minutes)
    await this.db.query(`DELETE FROM relint_runs WHERE started_at < now() - interval '1 day'`);
    await this.sweepBodies();
  }

  /**
   * Deletes the publish bodies no job will read: a body is kept while a job that names it is neither
   * done, cancelled nor given up by pg-boss; a body no job names yet (its publish is being queued, or
   * was refused, or its instance died before queueing) is kept `graceMinutes`. Returns how many went.
   */
  async sweepBodies(graceMinutes = 15): Promise<number> {
    const rows = await this.db.query(
      `DELETE FROM publish_bodies b
       WHERE NOT EXISTS (
           SELECT 1 FROM lint_jobs l JOIN ${schema}.job j ON j.name = $1 AND j.id = l.job_id
           WHERE l.body_id = b.id AND l.finished_at IS NULL AND l.cancelled_at IS NULL AND j.state IN ('created', 'retry', 'active'))
         AND (EXISTS (SELECT 1 FROM lint_jobs l WHERE l.body_id = b.id) OR b.created_at < now() - make_interval(mins => $2))
       RETURNING 1`,
      [lintQueue, graceMinutes],
    );
    return rows.length;
  }

  /**
   * Asks for a retention sweep: one per `intervalSeconds` however many instances ask (pg-boss keeps
   * one job per time slot and, by the queue's policy, one waiting and one running); a worker runs it.
   */
  async requestSweep(policy: RetentionPolicy, intervalSeconds: number): Promise<void> {
    await this.boss.send(retentionQueue, { keepRevisions: policy.keepRevisions, keepDays: policy.keepDays }, { singletonKey: 'sweep', singletonSeconds: Math.max(1, Math.round(intervalSeconds)), expireInSeconds: 3600 });
  }

  /** Records what the job's publish answers, before pg-boss is told the job is complete. */
  async finish(jobId: string, output: LintJobOutput): Promise<void> {
    await this.db.query('UPDATE lint_jobs SET finished_at = now(), outcome = $2::jsonb WHERE job_id = $1', [jobId, JSON.stringify(output)]);
  }

  /**
   * Cancels a job that no worker has started (its client left): true when it was not started and now
   * never will be; false when a worker has it already, which then runs it to the end.
   */
  async cancelUnstarted(jobId: string): Promise<boolean> {
    const rows = await this.db.query<{ body_id: string | null }>('UPDATE lint_jobs SET cancelled_at = now() WHERE job_id = $1 AND started_at IS NULL AND cancelled_at IS NULL RETURNING body_id', [jobId]);
    if (rows.length === 0) return false;
    // out of the queue, so it no longer counts in its depth; a worker that fetched it meanwhile finds it cancelled
    await this.boss.cancel(lintQueue, jobId).catch(() => undefined);
    // its body is read by no one now (left to the sweep if this fails)
    if (rows[0]!.body_id !== null) await this.dropBody(rows[0]!.body_id).catch(() => undefined);
    return true;
  }

  /**
   * A worker's claim on a job before it lints: false when the job was cancelled (its client left
   * before it started) or its API deleted. A second run (the first one's worker died) claims again.
   */
  async claim(jobId: string): Promise<boolean> {
    const rows = await this.db.query('UPDATE lint_jobs SET started_at = coalesce(started_at, now()) WHERE job_id = $1 AND cancelled_at IS NULL RETURNING job_id', [jobId]);
    return rows.length > 0;
  }

  stop(): Promise<void> {
    // workers have stopped by now (LintWorkers.stop): nothing is left for pg-boss to wait for
    return this.boss.stop({ graceful: false, wait: true, close: false });
  }
}
