import { RuleConfigurationError } from '../errors.js';
import { asyncFunctionLimitMs } from '../load/limits.js';

/**
 * A ruleset's asynchronous functions' promises, awaited with two ends besides settling. One that
 * nothing is left to settle (`new Promise(() => {})`) would let the CLI's event loop empty and Node
 * exit 0 with nothing printed: when the loop empties while any is awaited, each waiting rule stops
 * with a config-error instead. In a process that stays up (an editor's, the lint service), the time
 * limit does it; its timer keeps no process alive.
 */
export function settled<T>(promise: Promise<T>, what: string, limitMs = asyncFunctionLimitMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = (why: string) => {
      done();
      reject(new StalledFunction(`${what} ${why}`));
    };
    const timer = setTimeout(() => stop(`did not settle within ${limitMs / 1000} s`), limitMs);
    timer.unref();
    const stranded = () => stop('returned a promise that never settles: nothing was left that could settle it');
    const done = () => {
      clearTimeout(timer);
      waiting.delete(stranded);
    };
    waiting.add(stranded);
    if (!listening) {
      listening = true;
      process.on('beforeExit', () => {
        for (const stop of [...waiting]) stop();
      });
    }
    promise.then(
      (value) => {
        done();
        resolve(value);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}

/** A function's promise that was given up on: the rule is stopped, and on the next documents too. */
export class StalledFunction extends RuleConfigurationError {}

/** What stops each awaited promise when the event loop empties (one listener for all). */
const waiting = new Set<() => void>();
let listening = false;
