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
}

/**
 * Lints in worker threads, at most `size` at once; the rest wait in order. A lint over its time
 * limit, or over the worker's heap limit, has its worker terminated (a new one takes its place) and
 * becomes a 422 for that request alone.
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
  ) {}

  run(job: LintJob): Promise<LintReply> {
    if (this.#closed) return Promise.reject(new HttpError(503, 'shutting-down', 'The service is shutting down.'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#next();
    });
  }

  #next(): void {
    if (this.#queue.length === 0) return;
    let worker = this.#idle.pop();
    if (!worker) {
      if (this.#workers >= this.size) return;
      worker = new Worker(new URL('./lint-worker.js', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
      this.#workers++;
    }
    this.#start(worker, this.#queue.shift()!);
  }

  #start(worker: Worker, pending: Pending): void {
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
      this.timeoutMs,
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
