import type { Database } from './db/database.js';

/**
 * Retention: storage grew by 0.6 MB (PostgreSQL) to 2.5 MB (PGlite) a revision for ever (issue 40).
 * Each limit given removes what is past it: revisions beyond an API's latest `keepRevisions`, and
 * revisions published more than `keepDays` ago. An API's latest revision is never removed, however
 * old: the dashboard and the next diff need it.
 */
export interface RetentionPolicy {
  keepRevisions?: number | undefined;
  keepDays?: number | undefined;
}

/** Revisions removed per transaction: a large first sweep does not hold one long transaction. */
const batch = 500;

/** Who the audit log names for what retention removes. */
export const retentionActor = 'swaglint serve (retention)';

/**
 * Removes the revisions the policy does not keep, with their files and findings, each recorded in the
 * audit log in the same transaction; returns how many. Several instances may sweep at once: an
 * advisory lock lets one work and the others skip the round.
 */
export async function sweepRevisions(db: Database, policy: RetentionPolicy): Promise<number> {
  if (policy.keepRevisions === undefined && policy.keepDays === undefined) return 0;
  let removed = 0;
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock(4201920) AS held');
      if (!lock!.held) return -1;
      const rows = await tx.query(
        `WITH ranked AS (
           SELECT api_id, number, published_at, row_number() OVER (PARTITION BY api_id ORDER BY number DESC) AS rank FROM revisions
         ), doomed AS (
           SELECT api_id, number FROM ranked
           WHERE rank > 1 AND (($1::int IS NOT NULL AND rank > $1::int) OR ($2::float8 IS NOT NULL AND published_at < now() - $2::float8 * interval '1 day'))
           LIMIT ${batch}
         ), gone AS (
           DELETE FROM revisions r USING doomed d WHERE r.api_id = d.api_id AND r.number = d.number RETURNING r.api_id, r.number
         )
         INSERT INTO audit_log (actor, action, target) SELECT $3, 'delete-revision', '/apis/' || api_id || '/revisions/' || number FROM gone RETURNING 1`,
        [policy.keepRevisions ?? null, policy.keepDays ?? null, retentionActor],
      );
      return rows.length;
    });
    if (gone <= 0) return removed;
    removed += gone;
    if (gone < batch) return removed;
  }
}

/**
 * Sweeps at start and then every `intervalMs`, one sweep at a time; `stop` waits for the one running.
 * `sweep` removes what the policy does not keep (the embedded database: here, `sweepRevisions`) or
 * asks a worker to (PostgreSQL: a job, JobQueue.requestSweep), and says how many it removed, if it knows.
 */
export class RetentionSchedule {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    private readonly policy: RetentionPolicy,
    private readonly intervalMs: number,
    private readonly log: (line: string) => void,
    private readonly sweep: (policy: RetentionPolicy) => Promise<number | void>,
  ) {}

  start(): void {
    if (this.policy.keepRevisions === undefined && this.policy.keepDays === undefined) return;
    this.#run();
  }

  #run(): void {
    this.#running = this.sweep(this.policy)
      .then((removed) => {
        if (removed) this.log(`retention: removed ${removed} revision(s)`);
      })
      // a database that is down now is swept next time
      .catch((error: unknown) => this.log(`retention: ${(error as Error).message}`))
      .finally(() => {
        if (this.#stopped) return;
        this.#timer = setTimeout(() => this.#run(), this.intervalMs);
        this.#timer.unref();
      });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}
