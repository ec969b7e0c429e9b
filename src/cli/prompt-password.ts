import { UserError } from '../errors.js';
import type { Io } from './io.js';

type TtyIn = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * Asks for a password on the terminal without echoing it: the terminal goes into raw mode (so the
 * line discipline echoes nothing) before the question is shown, and back when the line ends.
 * Without a terminal (CI, a pipe) there is no one to ask: a UserError says how to pass it instead.
 */
export function promptPassword(question: string, io: Io, whenNoTerminal: string): Promise<string> {
  const input = io.stdin as TtyIn | undefined;
  if (!input?.isTTY || typeof input.setRawMode !== 'function') return Promise.reject(new UserError(whenNoTerminal));
  const setRaw = input.setRawMode.bind(input);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.removeListener('data', onData);
      setRaw(false);
      input.pause();
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      for (let i = 0; i < text.length; i++) {
        const ch = text[i]!;
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new UserError('Cancelled at the password prompt.'));
        if (ch === '\u0004' && typed === '') return finish(new UserError('No password was typed at the prompt.'));
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else if (ch === '\u0015') typed = ''; // Ctrl-U: start over
        else if (ch === '\u001b') i = skipEscape(text, i); // arrow keys and the like are not part of a password
        else if (ch >= ' ') typed += ch;
      }
    };
    setRaw(true);
    input.on('data', onData);
    input.resume();
    io.stderr.write(question);
  });
}

/** The index of the last character of the escape sequence starting at `i` (CSI `ESC [ … final`). */
function skipEscape(text: string, i: number): number {
  if (text[i + 1] !== '[') return i + 1;
  let j = i + 2;
  while (j < text.length && !/[@-~]/.test(text[j]!)) j++;
  return j;
}
