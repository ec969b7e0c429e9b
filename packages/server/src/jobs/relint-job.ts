// Re-lint on a ruleset change as jobs in PostgreSQL (pg-boss), for services on a PostgreSQL server:
// the instance that takes the change queues one job per affected API, and any lint worker (inside
// `serve`, or a `serve --role worker` process) runs it. The in-process Relinter (relint.ts) stays
// the embedded database's way.
import PgBoss from 'pg-boss';
import { HttpError } from '../http/errors.js';
import type { Linter } from '../lint-revision.js';
import { relintPublisher, type RelintScheduler } from '../relint.js';
import type { Store } from '../store.js';
import { relintQueue, type JobQueue } from './queue.js';
import type { JobFiles } from '../store.js';

export interface RelintJobData {
  apiId: string;
}

/**
 * Queues the re-lints. Per API, pg-boss's `stately` policy keeps one job waiting and one running:
 * rules changed again while a job waits are that job's (it reads the ruleset when it runs), and a
 * change while one runs queues one more, so the API ends linted under the rules as they last are.
 */
export class RelintJobs implements RelintScheduler {
  constructor(
    private readonly queue: JobQueue,
    private readonly store: Store,
    /** This process's workers, if any: an idle one takes the job now rather than at its next poll. */
    private readonly wake: () => void,
  ) {}

  async rulesetChanged(rulesetId: string): Promise<void> {
    for (const latest of await this.store.latestRevisions({ rulesetId })) await this.#send(latest.api_id);
    this.wake();
  }

  async apiChanged(apiId: string): Promise<void> {
    await this.#send(apiId);
    this.wake();
  }

  async #send(apiId: string): Promise<void> {
    const data: RelintJobData = { apiId };
    // null: one waits for this API already, and will read the rules as they are now
    await this.queue.boss.send(relintQueue, data, { singletonKey: apiId, expireInSeconds: this.queue.options.expireSeconds });
  }

  /** Nothing runs in this object: the jobs are the database's. */
  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}

/**
 * Runs one re-lint job; returns what it did, for the log. Idempotent: its first run records the API's
 * revision count as its base (relint_runs), and every run lints the latest revision up to that base
 * and stores its re-lint only while the count is still the base. A run after a worker died mid-job
 * finds the count moved if the first stored, and stores nothing; a publish meanwhile wins the same way.
 */
export async function runRelint(store: Store, linter: Linter, job: PgBoss.Job<RelintJobData>): Promise<string> {
  const { apiId } = job.data;
  const [base] = await store.db.query<{ base_count: number }>(
    `INSERT INTO relint_runs (job_id, api_id, base_count) SELECT $1, id, revision_count FROM apis WHERE id = $2
     ON CONFLICT (job_id) DO UPDATE SET job_id = EXCLUDED.job_id RETURNING base_count`,
    [job.id, apiId],
  );
  if (!base) return 'the API was deleted';
  const [latest] = await store.db.query<{ number: number }>('SELECT number FROM revisions WHERE api_id = $1 AND number <= $2 ORDER BY number DESC LIMIT 1', [apiId, base.base_count]);
  if (!latest) return 'no revision to re-lint';
  // a publish queued and not stored yet holds a later number: it is linted under the rules as they now are
  const [pending] = await store.db.query('SELECT 1 FROM lint_jobs WHERE api_id = $1 AND number > $2 AND finished_at IS NULL AND cancelled_at IS NULL', [apiId, latest.number]);
  if (pending) return 'skipped, a publish is being linted';
  const [api] = await store.db.query<{ ruleset_id: string }>('SELECT ruleset_id FROM apis WHERE id = $1', [apiId]);
  const ruleset = api && (await store.ruleset(api.ruleset_id));
  const revision = await store.revision(apiId, latest.number);
  if (!ruleset || !revision) return 'the API or its revision was deleted';
  // the files as one JSON text, unparsed here: the lint thread parses and writes them (lint-worker.ts),
  // and the new revision's files are copied from the old one's rows inside the database, so a
  // revision of megabytes is neither parsed, serialised nor sent back by this event loop
  const [files] = await store.db.queryJsonText<{ text: string }>(
    `SELECT jsonb_build_object('root', $3::text, 'files', coalesce(jsonb_object_agg(path, content), '{}'::jsonb)) AS text FROM revision_files WHERE api_id = $1 AND number = $2`,
    [apiId, latest.number, revision.root],
  );
  let outcome;
  try {
    outcome = await linter.lint({ root: revision.root, jobText: files!.text }, ruleset);
  } catch (error) {
    // the document's own answer under the new rules (over the time limit, say): nothing to store, nothing to retry
    if (error instanceof HttpError && error.status < 500) return `not stored: ${error.message}`;
    throw error;
  }
  const copied: JobFiles = { query: 'SELECT path, content FROM revision_files WHERE api_id = $3 AND number = $4', params: [apiId, latest.number] };
  const stored = await store.addRevisionUnlessPublished({ apiId, root: revision.root, ...outcome, publishedBy: relintPublisher, files: copied }, base.base_count);
  return stored ? `revision ${stored.id} under the ruleset '${ruleset.id}'` : 'skipped, a revision was stored meanwhile';
}
