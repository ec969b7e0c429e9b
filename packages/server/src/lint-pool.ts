import { Worker } from 'node:worker_threads';
import type { Diagnostic } from './linter.js';
import { HttpError } from './http/errors.js';
import type { LintJob } from './lint-worker.js';

export interface LintReply {
  diagnostics: Diagnostic[];
  /** Why the root was not linted (it is no API description), or null. */
  skipped: string | null;
  title: string | null;
  version: string | null;
}

type Reply = ({ ok: true } & LintReply) | { ok: false; message: string };

interface Pending {
  job: LintJob;
  resolve: (reply: LintReply) => void;
  reject: (error: unknown) => void;
  /** When it joined the queue: the time limit counts the wait too. */
  queuedAt: number;
  /** Leaves the queue when the client that asked has gone. */
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** The client that asked for a lint went away before it started: nobody will read the answer. */
export class ClientGone extends Error {
  constructor() {
    super('the client left before its lint started');
  }
}

/**
 * Lints in worker threads, at most `size` at once; the rest wait in order, at most `maxQueued` of them
 * (past that, 503 with Retry-After: back-pressure, not a queue that grows until memory runs out). The
 * time limit counts from joining the queue. A lint whose client has gone leaves the queue unstarted. A
 * lint over its time limit, or over the worker's heap limit, has its worker terminated (a new one takes
 * its place) and becomes a 422 for that request alone.
 */
export class LintPool {
  readonly #idle: Worker[] = [];
  readonly #queue: Pending[] = [];
  #workers = 0;
  #closed = false;

  constructor(
    private readonly size: number,
    private readonly timeoutMs: number,
    private readonly heapMb = 1536,
    private readonly maxQueued = 100,
    /** The clock the time limit reads (a test's own, to tell a wait from a lint without timing either). */
    private readonly now: () => number = Date.now,
    /** The lint threads' nice value (thread-priority.ts); 0 leaves them at the process's. */
    private readonly nice = 0,
  ) {}

  /** Lints waiting for a worker. */
  get queued(): number {
    return this.#queue.length;
  }

  run(job: LintJob, signal?: AbortSignal): Promise<LintReply> {
    if (this.#closed) return Promise.reject(new HttpError(503, 'shutting-down', 'The service is shutting down.'));
    if (signal?.aborted) return Promise.reject(new ClientGone());
    if (this.#queue.length >= this.maxQueued) {
      return Promise.reject(new HttpError(503, 'busy', `The service has ${this.#queue.length} lints waiting, its limit; try again shortly.`, { 'retry-after': '5' }));
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = { job, resolve, reject, queuedAt: this.now(), signal, onAbort: undefined };
      if (signal) {
        pending.onAbort = () => {
          const at = this.#queue.indexOf(pending);
          if (at === -1) return; // started already: its worker runs to the end or the limit
          this.#queue.splice(at, 1);
          reject(new ClientGone());
        };
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.#queue.push(pending);
      this.#next();
    });
  }

  #next(): void {
    if (this.#queue.length === 0) return;
    let worker = this.#idle.pop();
    if (!worker) {
      if (this.#workers >= this.size) return;
      worker = new Worker(new URL('./lint-worker.js', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: this.heapMb }, workerData: { nice: this.nice } });
      this.#workers++;
    }
    this.#start(worker, this.#queue.shift()!);
  }

  #start(worker: Worker, pending: Pending): void {
    if (pending.onAbort) pending.signal!.removeEventListener('abort', pending.onAbort);
    const left = this.timeoutMs - (this.now() - pending.queuedAt);
    if (left <= 0) {
      // its time went in the queue: no worker spent on an answer that is already late
      this.#idle.push(worker);
      pending.reject(new HttpError(422, 'lint-time-limit', `The lint waited longer than the service's limit of ${this.timeoutMs / 1000} s (--lint-timeout) for its turn; try again when the service is less busy.`));
      this.#next();
      return;
    }
    const done = (outcome: () => void, keep: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep && !this.#closed) this.#idle.push(worker);
      else {
        this.#workers--;
        void worker.terminate();
      }
      outcome();
      this.#next();
    };
    const onMessage = (reply: Reply) =>
      done(() => (reply.ok ? pending.resolve(reply) : pending.reject(new Error(`the lint failed: ${reply.message}`))), true);
    const onError = (error: Error & { code?: string }) =>
      done(
        () =>
          pending.reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(422, 'lint-memory-limit', `Linting the document needed more than the service's ${this.heapMb} MB.`) : error,
          ),
        false,
      );
    const onExit = () => done(() => pending.reject(new Error('the lint worker stopped')), false);
    const timer = setTimeout(
      () => done(() => pending.reject(new HttpError(422, 'lint-time-limit', `Linting took longer than the service's limit of ${this.timeoutMs / 1000} s (--lint-timeout).`)), false),
      left,
    );
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(pending.job);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const pending of this.#queue.splice(0)) pending.reject(new HttpError(503, 'shutting-down', 'The service is shutting down.'));
    await Promise.all(this.#idle.splice(0).map((w) => w.terminate()));
  }
}
