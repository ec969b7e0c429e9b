import { LineTable } from './code-frame.js';

/**
 * The line tables of revision files recently shown, by API, revision and path. A revision's files
 * never change, so a table is good until evicted; reading a 4 MB file from the database for every
 * page view kept the (one-connection) embedded database, and so /health, waiting. Bounded by the
 * characters held; the least recently used go first. Each instance keeps its own.
 */
export class LineTables {
  readonly #tables = new Map<string, Promise<LineTable | undefined>>();
  readonly #sizes = new Map<string, number>();
  #held = 0;

  constructor(private readonly maxChars = 64 * 1024 * 1024) {}

  /** The tables of `files`, loading the ones not held in one call of `load` (path → text). */
  async get(apiId: string, revision: number, files: readonly string[], load: (missing: string[]) => Promise<ReadonlyMap<string, string>>): Promise<Map<string, LineTable>> {
    const key = (file: string) => JSON.stringify([apiId, revision, file]);
    const missing = files.filter((f) => !this.#tables.has(key(f)));
    if (missing.length > 0) {
      const loaded = load(missing);
      for (const file of missing) {
        const table = loaded.then((texts) => {
          const text = texts.get(file);
          return text === undefined ? undefined : new LineTable(text);
        });
        this.#tables.set(key(file), table);
        // a failed load is not kept: the next view tries again
        table.then((t) => this.#account(key(file), t?.text.length ?? 0), () => this.#tables.delete(key(file)));
      }
    }
    const out = new Map<string, LineTable>();
    for (const file of files) {
      const k = key(file);
      const pending = this.#tables.get(k)!;
      // most recently used last: re-inserting moves it
      this.#tables.delete(k);
      this.#tables.set(k, pending);
      const table = await pending;
      if (table) out.set(file, table);
    }
    return out;
  }

  #account(key: string, size: number): void {
    if (!this.#tables.has(key)) return;
    this.#sizes.set(key, size);
    this.#held += size;
    for (const oldest of this.#tables.keys()) {
      if (this.#held <= this.maxChars || oldest === key) break;
      this.#held -= this.#sizes.get(oldest) ?? 0;
      this.#sizes.delete(oldest);
      this.#tables.delete(oldest);
    }
  }
}
