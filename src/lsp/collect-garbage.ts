// The server's heap between lints (issue 41): a re-lint leaves garbage that V8 collects only when its
// heap limit is reached, and that limit grows with the document kept for the next edit: the server's
// peak RSS rose by 75-100 MB with re-linting (DocuSign, 4.1 MB: 265 against 224 MB). A full collection
// while the editor's debounce waits anyway keeps the heap near its live size. One after every lint
// cost some 50 ms of CPU per edit in one process and 150 in the server under load, for about 17 MB of
// garbage per re-lint: so only once the heap has grown by `growth` since the last.
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

/** A full collection when the heap has grown by `growth` bytes since the last one; undefined as `fullCollection`. */
export function collectionWhenGrown(growth = 64 * 1024 * 1024): (() => void) | undefined {
  const gc = fullCollection();
  if (!gc) return undefined;
  let after = 0;
  return () => {
    if (v8.getHeapStatistics().used_heap_size - after < growth) return;
    gc();
    after = v8.getHeapStatistics().used_heap_size;
  };
}
