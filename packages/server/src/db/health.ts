import type { Queryable } from './database.js';

/**
 * Whether the database answers, for /health, without making the probe wait in line: the embedded
 * database is one connection, so a `SELECT 1` per probe queued behind every page's queries and the
 * probe took as long as the busiest page. A probe starts a check when none is running and answers
 * with the latest finished one; a database that has not answered for `staleMs` is down.
 */
export class DatabaseHealth {
  #last: { ok: boolean; at: number } | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly staleMs = 5000,
  ) {}

  async ok(): Promise<boolean> {
    this.#running ??= this.db
      .query('SELECT 1')
      .then(
        () => (this.#last = { ok: true, at: Date.now() }),
        () => (this.#last = { ok: false, at: Date.now() }),
      )
      .then(() => {
        this.#running = undefined;
      });
    // the first probe, with nothing to go by, waits for its check
    if (this.#last === undefined) await this.#running;
    const last = this.#last!;
    return last.ok && Date.now() - last.at < this.staleMs;
  }
}
