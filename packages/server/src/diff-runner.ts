import { Worker } from 'node:worker_threads';
import type { DiffReply, DiffRequest, KeyedFinding } from './diff-worker.js';

/** A diff as sequence numbers: which findings are new, fixed and unchanged, each list ascending. */
export type SeqDiff = Omit<DiffReply, 'id'>;

/**
 * Runs diffs in one worker thread, started on first use: the pairing of two large revisions is CPU
 * work that must not stop the service answering (probes above all). Diffs are rare next to lints, so
 * one thread, taking them in turn, is enough; a worker that dies fails the diffs it held and the next
 * diff starts a new one.
 */
export class DiffRunner {
  #worker: Worker | undefined;
  #next = 0;
  readonly #waiting = new Map<number, { resolve: (diff: SeqDiff) => void; reject: (error: Error) => void }>();

  compute(before: readonly KeyedFinding[], after: readonly KeyedFinding[]): Promise<SeqDiff> {
    const worker = this.#start();
    const id = this.#next++;
    return new Promise<SeqDiff>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      const request: DiffRequest = { id, before, after };
      worker.postMessage(request);
    });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./diff-worker.js', import.meta.url));
    // an idle diff thread must not keep a stopping process alive
    worker.unref();
    worker.on('message', (reply: DiffReply) => {
      const waiting = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      const { id: _id, ...diff } = reply;
      waiting?.resolve(diff);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the diff worker stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }
}
