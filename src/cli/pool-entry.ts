/**
 * How the many-file pool (src/cli/lint-pool.ts) starts a worker thread when the CLI runs from its
 * bundle: a script that runs the same bundle through its V8 code cache (src/startup/cli-start.ts,
 * `startPoolWorker`), instead of the unbundled modules (src/cli/lint-worker.ts). A worker loading some
 * 150 modules took 0.38-0.60 s to its first result on a three-line document, the bundle from its cache
 * 0.09-0.18 s (fresh processes, five each, load 5; issue 41, round nine). Set by the CLI's start on the
 * process's global object, as the start script and the bundle are two scripts with a copy each of this
 * module; unset (the library, the language server, tests of the modules), the pool uses lint-worker.ts.
 */
export interface PoolWorkerEntry {
  /** The worker's script (dist/src/startup/pool-worker.cjs, written by scripts/bundle-cli.ts). */
  file: string;
  /** What the script needs: the bundle, and the cache directory or none. */
  workerData: PoolWorkerData;
}

export interface PoolWorkerData {
  bundleFile: string;
  cacheDir: string | undefined;
}

const key = Symbol.for('swaglint.poolWorkerEntry');

export function setPoolWorkerEntry(entry: PoolWorkerEntry): void {
  (globalThis as Record<symbol, unknown>)[key] = entry;
}

export function poolWorkerEntry(): PoolWorkerEntry | undefined {
  return (globalThis as Record<symbol, unknown>)[key] as PoolWorkerEntry | undefined;
}
