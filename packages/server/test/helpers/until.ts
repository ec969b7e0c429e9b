/** Polls `probe` every `everyMs` until it returns a value, or throws naming `what` after `ms`. */
export async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>, everyMs = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what} after ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
