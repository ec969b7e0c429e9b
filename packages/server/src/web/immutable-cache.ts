/**
 * What is derived from a stored revision, kept by key: a revision never changes once stored (a
 * deleted one is refused before its cache is asked, and its number is not used again), so an entry is
 * good until evicted. Bounded by the size of what it holds; the least recently used go first.
 * Concurrent asks for one missing key share one load; a failed load is not kept.
 */
export class ImmutableCache<T> {
  readonly #entries = new Map<string, Promise<T>>();
  readonly #sizes = new Map<string, number>();
  #held = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** Starts loading `key` unless it is held or loading. */
  add(key: string, load: () => Promise<T>): void {
    if (this.#entries.has(key)) return;
    const pending = load();
    this.#entries.set(key, pending);
    pending.then(
      (value) => this.#account(key, this.sizeOf(value)),
      () => this.#entries.delete(key),
    );
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    this.add(key, load);
    const pending = this.#entries.get(key)!;
    // most recently used last: re-inserting moves it
    this.#entries.delete(key);
    this.#entries.set(key, pending);
    return pending;
  }

  #account(key: string, size: number): void {
    if (!this.#entries.has(key)) return;
    this.#sizes.set(key, size);
    this.#held += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#held <= this.maxSize || oldest === key) break;
      this.#held -= this.#sizes.get(oldest) ?? 0;
      this.#sizes.delete(oldest);
      this.#entries.delete(oldest);
    }
  }
}
