import { HttpError } from './errors.js';
import { SharedRateLimiter } from './rate-limit.js';
import type { Queryable } from '../db/database.js';

export interface LimitOptions {
  /** Units a minute per principal (a token, a user), over all instances; a request costs one. Undefined: none. */
  perMinute: number | undefined;
  /** A lint costs one more unit per this many bytes linted (its bundle's files). */
  lintBytesPerUnit: number;
  /** Failed authentications a minute per client address, over all instances; undefined: none. */
  authFailuresPerMinute: number | undefined;
}

/**
 * The service's limits, as the dispatcher and the linting routes spend them: each answers 429 with
 * Retry-After when over, else returns.
 */
export class ServiceLimits {
  readonly #limiter: SharedRateLimiter;

  constructor(
    db: Queryable,
    readonly options: LimitOptions,
  ) {
    this.#limiter = new SharedRateLimiter(db);
  }

  /** One request by an authenticated principal. */
  async request(principal: string): Promise<void> {
    const limit = this.options.perMinute;
    if (limit === undefined) return;
    const verdict = await this.#limiter.take(`principal:${principal}`, 1, limit);
    if (!verdict.allowed) throw rateLimited(`'${principal}' spent its ${limit} units a minute (a request is one, a lint one more per ${kilobytes(this.options.lintBytesPerUnit)} linted)`, verdict.retryAfter);
  }

  /** The work of a lint, once its size is known: one unit per `lintBytesPerUnit` bytes, rounded down (a small document costs its request only). */
  async lint(principal: string, bytes: number): Promise<void> {
    const limit = this.options.perMinute;
    const units = Math.floor(bytes / this.options.lintBytesPerUnit);
    if (limit === undefined || units === 0) return;
    const verdict = await this.#limiter.take(`principal:${principal}`, units, limit);
    if (!verdict.allowed) throw rateLimited(`linting ${kilobytes(bytes)} costs ${Math.min(units, limit)} of '${principal}''s ${limit} units a minute, more than are left`, verdict.retryAfter);
  }

  /** A request whose credentials were missing or not valid, from `address`: past the limit, 429 instead of 401. */
  async authFailure(address: string): Promise<void> {
    const limit = this.options.authFailuresPerMinute;
    if (limit === undefined) return;
    const verdict = await this.#limiter.take(`address:${address}`, 1, limit, false);
    if (!verdict.allowed) throw rateLimited(`more than ${limit} requests a minute from ${address} failed to authenticate`, verdict.retryAfter);
  }
}

function rateLimited(what: string, seconds: number): HttpError {
  return new HttpError(429, 'rate-limited', `Rate limited: ${what}; try again in ${seconds} s.`, { 'retry-after': String(seconds) });
}

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}
