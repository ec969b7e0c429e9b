import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.js';

/**
 * Writes a report through a temp file and a rename, so a killed run leaves the old file or the new
 * one, never half of one; and refuses to write over a file that is being linted.
 *
 * Only a regular file is ever replaced. A character device is written in place, never renamed over
 * (as root, a rename would replace the machine's /dev/null with a file): `-o /dev/null` discards the
 * report, as a user who types it means. A FIFO (which would wait for a reader) or a directory is
 * refused, and so is a
 * symbolic link at the destination: write-file-atomic follows it, and a committed `.swaglint-cache`
 * link would make swaglint write wherever the link points, the document being linted included. The
 * destination is compared with the inputs by real path (its directory resolved), so `-o d/api.yaml`
 * with `d -> .` is refused too.
 */
export async function writeReport(file: string, text: string, inputs: ReadonlySet<string>, shown = file, flag = '--output'): Promise<void> {
  const target = path.resolve(file);
  const refuse = (why: string) => new UserError(`${flag} ${shown} ${why}`);
  const existing = await fs.lstat(target).catch(() => undefined);
  if (existing?.isCharacterDevice()) {
    await fs.writeFile(target, text, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UserError(`Cannot write ${shown}: ${error.code === 'EACCES' ? 'permission denied' : String(error.code ?? error)}.`);
    });
    return;
  }
  if (existing && !existing.isFile()) throw refuse(`is ${kindOf(existing)}, not a regular file; swaglint only writes regular files: choose another path.`);
  const real = path.join(await fs.realpath(path.dirname(target)).catch(() => path.dirname(target)), path.basename(target));
  if (inputs.has(target) || inputs.has(real) || (await realInputs(inputs)).has(real)) {
    throw refuse('is one of the documents being linted; choose another file.');
  }
  try {
    // loaded only for --output: it pulls in worker_threads and an exit hook at load
    const { default: writeFileAtomic } = await import('write-file-atomic');
    await writeFileAtomic(real, text, { encoding: 'utf8' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(`Cannot write ${shown}: ${code === 'ENOENT' ? 'its directory does not exist' : code === 'EACCES' ? 'permission denied' : String(code ?? error)}.`);
  }
}

function kindOf(stat: import('node:fs').Stats): string {
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

async function realInputs(inputs: ReadonlySet<string>): Promise<Set<string>> {
  const out = new Set<string>();
  for (const input of inputs) {
    if (/^https?:\/\//i.test(input)) continue;
    out.add(await fs.realpath(input).catch(() => input));
  }
  return out;
}
