// The server's heap between lints (issue 41): a re-lint leaves some hundred megabytes of garbage (the
// complete set's walk of a 4 MB document) that V8 collects only when its heap limit is reached, and
// that limit grows with the document kept for the next edit: the server's peak RSS rose by 75-100 MB
// with re-linting. A full collection while the editor's debounce waits anyway keeps the heap near its
// live size (measured in one process: peak RSS 332 -> 166 MB over 20 re-lints of DocuSign).
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's full collection, or undefined where it cannot be had. Node offers it only behind
 * `--expose-gc`; an editor starts the server without flags, so the flag is set here, where the
 * function it exposes appears in a new context (the documented way for a running process).
 */
export function fullCollection(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void (gc as () => unknown)() : undefined;
  } catch {
    return undefined;
  }
}
