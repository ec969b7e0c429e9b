/**
 * What a cancelled run throws: an Error named `AbortError`, as `fetch` and Node's own APIs throw, so
 * callers test `error.name === 'AbortError'` the way they already do. The signal's reason, when one
 * was given, is kept as the cause.
 */
export class AbortError extends Error {
  override name = 'AbortError' as const;
  constructor(reason?: unknown) {
    super('The lint run was cancelled.', reason === undefined ? undefined : { cause: reason });
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError(signal.reason);
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Lets pending I/O and timers run (a newer edit, an abort) before the run goes on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve)); // the global: node:timers/promises costs a module load
}
