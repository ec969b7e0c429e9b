/**
 * Per-principal rate limits: a token bucket per principal name, holding `perMinute` requests and
 * refilled at that rate, so a burst up to the limit passes and a steady excess waits. Each instance
 * counts its own requests (behind a load balancer of n instances a principal gets up to n times the
 * limit). Buckets that have refilled are forgotten, so the map holds only recent callers.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from `key`'s bucket: undefined when allowed, else the seconds until one is. */
  take(key: string): number | undefined {
    const now = this.now();
    const rate = this.perMinute / 60_000;
    const bucket = this.#buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > 10_000) this.#forgetFull(now, rate);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate / 1000));
  }

  #forgetFull(now: number, rate: number): void {
    for (const [key, bucket] of this.#buckets) if (bucket.tokens + (now - bucket.at) * rate >= this.perMinute) this.#buckets.delete(key);
  }
}
