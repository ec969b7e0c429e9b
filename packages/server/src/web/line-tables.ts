import { LineTable } from './code-frame.js';
import { ImmutableCache } from './immutable-cache.js';

/**
 * The line tables of revision files recently shown, by stored revision and path: reading a 4 MB file
 * from the database for every page view kept the (one-connection) embedded database, and so
 * /health, waiting. Up to 64 M characters per instance.
 */
export class LineTables {
  readonly #cache = new ImmutableCache<LineTable | undefined>(64 * 1024 * 1024, (table) => table?.text.length ?? 0);

  /**
   * The tables of `files` of the stored revision `revision` (a key no other revision ever has: its
   * API, number and publication time), loading the ones not held in one call of `load` (path → text).
   */
  async get(revision: string, files: readonly string[], load: (missing: string[]) => Promise<ReadonlyMap<string, string>>): Promise<Map<string, LineTable>> {
    const key = (file: string) => JSON.stringify([revision, file]);
    const missing = files.filter((f) => !this.#cache.has(key(f)));
    if (missing.length > 0) {
      const loaded = load(missing);
      for (const file of missing) {
        this.#cache.add(key(file), async () => {
          const text = (await loaded).get(file);
          return text === undefined ? undefined : new LineTable(text);
        });
      }
    }
    const out = new Map<string, LineTable>();
    for (const file of files) {
      const table = await this.#cache.get(key(file), () => Promise.resolve(undefined));
      if (table) out.set(file, table);
    }
    return out;
  }
}
