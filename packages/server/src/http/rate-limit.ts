import type { Queryable } from '../db/database.js';

/**
 * Rate limits that hold across instances: the windows live in the database every instance shares,
 * one row per key and minute, added to in one statement (an upsert), so two instances cannot both
 * spend the last unit. A key is a principal (`principal:carol`) or a client address whose
 * authentication failed (`address:203.0.113.9`). The limit is a sliding window estimated from two
 * fixed ones (the previous minute's spending, weighted by how much of it the window still covers,
 * plus this minute's): no burst of twice the limit at a minute's turn, and two rows per key.
 * Time is the database's clock, so instances whose clocks differ still share one window.
 */
export const windowMs = 60_000;

export interface WindowState {
  /** Spent in the previous fixed window. */
  previous: number;
  /** Spent in the current one, this request's cost included. */
  current: number;
  /** Milliseconds since the current window began. */
  elapsed: number;
}

/** The sliding window's estimate of what was spent in the last minute. */
export function spentInWindow(state: WindowState): number {
  return state.previous * (1 - state.elapsed / windowMs) + state.current;
}

/**
 * Seconds until a request costing `cost` fits under `limit` again, no one spending meanwhile (at least
 * 1): the previous window's weight falls as time passes, and at the minute's turn this window becomes
 * the previous one.
 */
export function secondsUntilFits(state: WindowState, cost: number, limit: number): number {
  const { previous, current, elapsed } = state;
  let waitMs: number;
  if (current + cost <= limit) {
    // before the turn: previous · (1 − (elapsed + t) / W) + current + cost ≤ limit
    waitMs = previous > 0 ? ((previous + current + cost - limit) / previous) * windowMs - elapsed : 0;
  } else {
    // after the turn: current · (1 − t′ / W) + cost ≤ limit
    const rest = windowMs - elapsed;
    waitMs = rest + (current > 0 ? Math.max(0, (1 - (limit - cost) / current) * windowMs) : 0);
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export interface Verdict {
  allowed: boolean;
  /** When refused: seconds until it would be allowed. */
  retryAfter: number;
}

export class SharedRateLimiter {
  #takes = 0;

  constructor(private readonly db: Queryable) {}

  /**
   * Spends `cost` units of `key`'s `limit` a minute. A refused request's cost is given back when
   * `refund` (a client that waits as told then gets through); failed authentications keep theirs, as
   * each is the thing counted.
   */
  async take(key: string, cost: number, limit: number, refund = true): Promise<Verdict> {
    // one request may cost at most the whole budget, or it would never pass
    const charge = Math.min(cost, limit);
    const [row] = await this.db.query<{ window_start: string; now_ms: string; current: number; previous: number | null }>(
      `WITH clock AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms)
       INSERT INTO rate_windows AS w (key, window_start, spent)
         SELECT $1, (ms / ${windowMs}) * ${windowMs}, $2 FROM clock
       ON CONFLICT (key, window_start) DO UPDATE SET spent = w.spent + EXCLUDED.spent
       RETURNING w.window_start::text, (SELECT ms FROM clock)::text AS now_ms, w.spent AS current,
         (SELECT p.spent FROM rate_windows AS p WHERE p.key = $1 AND p.window_start = w.window_start - ${windowMs}) AS previous`,
      [key, charge],
    );
    this.#sweepNow();
    const state: WindowState = { previous: row!.previous ?? 0, current: row!.current, elapsed: Number(row!.now_ms) - Number(row!.window_start) };
    if (spentInWindow(state) <= limit + 1e-9) return { allowed: true, retryAfter: 0 };
    if (refund) await this.db.query('UPDATE rate_windows SET spent = spent - $3 WHERE key = $1 AND window_start = $2', [key, row!.window_start, charge]);
    return { allowed: false, retryAfter: secondsUntilFits({ ...state, current: state.current - charge }, charge, limit) };
  }

  /** Windows older than the previous one count for nothing: dropped now and then, by whichever instance. */
  #sweepNow(): void {
    this.#takes += 1;
    if (this.#takes % 500 !== 1) return;
    void this.db
      .query(`DELETE FROM rate_windows WHERE window_start < floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint - ${2 * windowMs}`)
      .catch(() => undefined);
  }
}
