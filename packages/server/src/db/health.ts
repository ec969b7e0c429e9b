import type { Queryable } from './database.js';

/**
 * Whether the database answers, for the probes, without making a probe wait in line: the embedded
 * database is one connection, so a `SELECT 1` per probe queued behind every page's queries and the
 * probe took as long as the busiest page. A probe starts a check when none is running and answers
 * with the latest finished one while that is recent (`staleMs`). When it is not (the first probe, or
 * one that comes after a quiet spell: a Kubernetes probe every 10 s, a load balancer's every 30 s),
 * the probe waits for the check it started, up to `staleMs`: a probe's interval alone never makes the
 * database look down, and a database that does not answer within `staleMs` is down.
 */
export class DatabaseHealth {
  #last: { ok: boolean; at: number } | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly staleMs = 5000,
  ) {}

  async ok(): Promise<boolean> {
    const running = (this.#running ??= this.db
      .query('SELECT 1')
      .then(
        () => (this.#last = { ok: true, at: Date.now() }),
        () => (this.#last = { ok: false, at: Date.now() }),
      )
      .then(() => {
        this.#running = undefined;
      }));
    if (!this.#recent()) {
      let timer: NodeJS.Timeout | undefined;
      const answered = await Promise.race([running.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(resolve, this.staleMs, false)))]);
      clearTimeout(timer);
      if (!answered) return false;
    }
    return this.#last!.ok;
  }

  #recent(): boolean {
    return this.#last !== undefined && Date.now() - this.#last.at < this.staleMs;
  }
}
