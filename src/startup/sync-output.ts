import { fstatSync, writeSync } from 'node:fs';

/** What the CLI writes its report and messages to (see `Io` in src/cli/io.ts). */
export interface SyncOutput {
  write(text: string): boolean;
  readonly isTTY: boolean;
}

/**
 * Output written straight to a file descriptor. A lint writes its report once, at the end, and
 * `process.stdout` would first load Node's stream and socket modules (a few of the 70 ms that bare
 * Node takes to start) only to hand the text on. Nothing is lost on the way:
 * - a descriptor that whoever started us left non-blocking (EAGAIN) hands the rest of the text, and
 *   everything after it, to the stream, in order;
 * - a reader that went away (EPIPE, `swaglint rules | head`) got what it wanted: `onClosed` ends the
 *   run quietly;
 * - any other failure (a full disk, ENOSPC) goes to `onFailed`, which says so in one line.
 */
/** Where the rest goes when the descriptor would block: the process's stream for that descriptor. */
export interface Fallback {
  write(chunk: string | Uint8Array): boolean;
}

export function syncOutput(fd: number, stream: () => Fallback, onClosed: () => void, onFailed: (code: string) => void): SyncOutput {
  let fallback: Fallback | undefined;
  let closed = false;
  return {
    write(text) {
      if (closed) return false;
      if (fallback) return fallback.write(text);
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      while (done < bytes.length) {
        try {
          done += writeSync(fd, bytes, done, bytes.length - done);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EAGAIN') {
            fallback = stream();
            return fallback.write(bytes.subarray(done));
          }
          closed = true;
          // a reader that went away got what it wanted; a full disk or a broken device is the user's to know
          if (code === 'EPIPE') onClosed();
          else onFailed(code ?? String(error));
          return false;
        }
      }
      return true;
    },
    get isTTY() {
      // a pipe or a file is never a terminal: only a character device needs the tty module
      try {
        return fstatSync(fd).isCharacterDevice() && process.getBuiltinModule('node:tty').isatty(fd);
      } catch {
        return false;
      }
    },
  };
}
