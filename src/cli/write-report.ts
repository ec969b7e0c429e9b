import path from 'node:path';
import { UserError } from '../errors.js';

/**
 * Writes a report through a temp file and a rename, so a killed run leaves the old file or the new
 * one, never half of one; and refuses to write over a file that is being linted.
 */
export async function writeReport(file: string, text: string, inputs: ReadonlySet<string>, shown = file, flag = '--output'): Promise<void> {
  const target = path.resolve(file);
  if (inputs.has(target)) throw new UserError(`${flag} ${shown} is one of the documents being linted; choose another file.`);
  try {
    // loaded only for --output: it pulls in worker_threads and an exit hook at load
    const { default: writeFileAtomic } = await import('write-file-atomic');
    await writeFileAtomic(target, text, { encoding: 'utf8' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(`Cannot write ${shown}: ${code === 'ENOENT' ? 'its directory does not exist' : code === 'EACCES' ? 'permission denied' : String(code ?? error)}.`);
  }
}
