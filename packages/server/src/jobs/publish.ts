// A publish on a PostgreSQL server: queued as a lint job, waited for up to a bound, then answered
// 201 with the revision, or 202 with the revision's URL while its job is still queued or running
// (the revision appears there when the job is done, whichever worker runs it).
import type { ServerResponse } from 'node:http';
import { HttpError, sendJson } from '../http/errors.js';
import { ClientGone } from '../lint-pool.js';
import { withNumber, type PreparedPublish } from './publish-reader.js';
import { isUniqueViolation } from '../store.js';
import type { ServiceMetrics } from '../metrics.js';
import type { JobQueue, JobStatus, LintJobData } from './queue.js';
import type { LintWorkers } from './worker.js';

export interface PublishJobs {
  queue: JobQueue;
  /** This process's workers, woken when it queues a job; none in `--role api`. */
  workers: LintWorkers | undefined;
  /** Jobs queued and not started; past it, 503 busy with Retry-After. */
  maxQueued: number;
  /** How long a publish waits for its job before it is answered 202. */
  waitMs: number;
}

export async function publishAsJob(
  response: ServerResponse,
  jobs: PublishJobs,
  metrics: ServiceMetrics,
  input: { apiId: string; key: string | undefined; publishedBy: string; prepared: PreparedPublish; clientGone: AbortSignal },
): Promise<void> {
  const { queue } = jobs;
  const { prepared } = input;
  const bodyId = 'bodyId' in prepared ? prepared.bodyId : undefined;
  let submitted;
  try {
    const depth = await queue.depth();
    if (depth >= jobs.maxQueued) {
      metrics.lint('refused', 0);
      throw new HttpError(503, 'busy', `The service has ${depth} publishes waiting to be linted, its limit; try again shortly.`, { 'retry-after': '5' });
    }
    // the body was checked and stored off the event loop (publish-reader.ts): the job names its row;
    // with no row, its data was serialised there and only its number is written here
    const data = (number: number): LintJobData | Buffer =>
      'bodyId' in prepared ? { apiId: input.apiId, number, root: prepared.root, publishedBy: input.publishedBy, idempotencyKey: input.key ?? null, bodyId: prepared.bodyId } : withNumber(prepared, number);
    const job = { apiId: input.apiId, idempotencyKey: input.key ?? null, bodyId, data };
    // two publishes with one key at the same moment: the second finds the first's job on its retry
    submitted = await queue.submit(job).catch((error: unknown) => (isUniqueViolation(error) ? queue.submit(job) : Promise.reject(error)));
  } catch (error) {
    await discardBody(jobs, prepared);
    throw error;
  }
  // a retry that found the job of an earlier publish with its key: that job has a body of its own
  if (submitted.existing) await discardBody(jobs, prepared);
  jobs.workers?.wake();
  const location = `/apis/${input.apiId}/revisions/${submitted.number}`;
  const deadline = Date.now() + jobs.waitMs;
  let pause = 50;
  let polls = 0;
  for (;;) {
    // now and then, whether pg-boss gave the job up (its runs all failed), which the row cannot say
    const status = await queue.status(submitted.jobId, ++polls % 10 === 0);
    if (status.state === 'done') return answer(response, metrics, status, location);
    if (status.state === 'failed' || status.state === 'gone' || (status.state === 'cancelled' && !input.clientGone.aborted)) {
      metrics.lint('failed', 0);
      throw new HttpError(503, 'lint-failed', 'The lint of this publish did not finish (its workers stopped); publish again, with the same Idempotency-Key.', { 'retry-after': '5' });
    }
    if (input.clientGone.aborted) {
      // nobody reads the answer: a job not started is dropped; one started runs to the end
      if (!submitted.existing && (await queue.cancelUnstarted(submitted.jobId))) metrics.lint('abandoned', 0);
      throw new ClientGone();
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      sendJson(response, 202, { api_id: input.apiId, id: submitted.number, state: status.state, location }, { location });
      return;
    }
    await sleep(Math.min(pause, left), input.clientGone);
    pause = Math.min(pause * 2, 1000);
  }
}

function answer(response: ServerResponse, metrics: ServiceMetrics, status: JobStatus, location: string): void {
  metrics.job(status.waitSeconds, status.runSeconds);
  const output = status.output!;
  if ('error' in output) {
    metrics.lint('refused', status.runSeconds ?? 0);
    throw new HttpError(output.error.status, output.error.code, output.error.message);
  }
  metrics.lint('ok', status.runSeconds ?? 0);
  sendJson(response, 201, output.revision, { location });
}

/** Deletes a publish's body that no job will read (refused, or a retry of a job queued already); the sweep takes it if this fails. */
export async function discardBody(jobs: PublishJobs, prepared: PreparedPublish | undefined): Promise<void> {
  if (prepared && 'bodyId' in prepared) await jobs.queue.dropBody(prepared.bodyId).catch(() => undefined);
}

/** Waits `ms`, or less when the client leaves. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
