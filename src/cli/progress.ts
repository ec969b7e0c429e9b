import type { Io } from './io.js';
import type { Progress } from './lint-files.js';

/**
 * "swaglint: 120/4000 files" on stderr, rewritten in place: only for a terminal, and only once the run
 * has taken a second (a quick run prints nothing extra). `end` clears the line.
 */
export function progressLine(io: Io, delayMs = 1000): { update: Progress; end(): void } {
  if (!io.stderr.isTTY) return { update: () => {}, end: () => {} };
  let shown = false;
  let last = { done: 0, total: 0 };
  let lastWrite = 0;
  const draw = () => {
    io.stderr.write(`\r\u001b[Kswaglint: ${last.done}/${last.total} files`);
    lastWrite = Date.now();
  };
  const timer = setTimeout(() => {
    shown = true;
    draw();
  }, delayMs);
  timer.unref();
  return {
    update(done, total) {
      last = { done, total };
      // a redraw per file would cost more than the lint of a small file
      if (shown && Date.now() - lastWrite > 100) draw();
    },
    end() {
      clearTimeout(timer);
      if (shown) io.stderr.write('\r\u001b[K');
    },
  };
}
