import { isAbortError } from '../pipeline/findings.js';

export type Task = (signal: AbortSignal) => Promise<void>;

/**
 * One pending or running lint per document. A new request for a document replaces the last: its
 * timer is cleared (debounce: typing produces one run, after the pause) and a run already under way is
 * aborted, so its stale diagnostics are never published and its CPU goes to the newer text.
 */
export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly onError: (uri: string, error: unknown) => void) {}

  schedule(uri: string, delayMs: number, task: Task): void {
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      const controller = new AbortController();
      this.running.set(uri, controller);
      task(controller.signal)
        .catch((error: unknown) => {
          if (!isAbortError(error)) this.onError(uri, error);
        })
        .finally(() => {
          if (this.running.get(uri) === controller) this.running.delete(uri);
        });
    }, delayMs);
    this.timers.set(uri, timer);
  }

  cancel(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.running.get(uri)?.abort();
    this.running.delete(uri);
  }

  dispose(): void {
    for (const uri of [...this.timers.keys(), ...this.running.keys()]) this.cancel(uri);
  }
}
