// Lints and publish bodies are throughput work; an API instance's event loop answers probes and
// requests, which are latency work. On a busy machine (two cores, two lint workers, PostgreSQL, the
// API instances) the readiness probe waited for a core behind the lint threads: a lint thread lowers
// its own priority (Linux keeps a nice value per thread), so the event loop is scheduled first and the
// lints take what is left. On an idle core it changes nothing.
import { setPriority } from 'node:os';

/** The nice value lint and publish-reader threads take by default (`--thread-nice`). */
export const defaultThreadNice = 10;

/**
 * Lowers the calling thread's priority to `nice` (0: left as it is); where that is refused, nothing.
 * Linux only: elsewhere pid 0 is the whole process, whose event loop would be lowered with its threads.
 */
export function lowerThisThread(nice: number): void {
  if (nice <= 0 || process.platform !== 'linux') return;
  try {
    // pid 0: the calling thread on Linux, where the nice value is per thread
    setPriority(0, nice);
  } catch {
    // a platform or sandbox that refuses it: the thread runs at the process's priority
  }
}
