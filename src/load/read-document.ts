import { promises as fs } from 'node:fs';
import { UserError, messages } from '../errors.js';
import { maxDocumentBytes, megabytes } from './limits.js';

/**
 * A document's text from its file, as every reader of a document reads it (the linter, the cache's
 * check that a file is unchanged, render): size-checked first, invalid UTF-8 kept as U+FFFD, a
 * missing, unreadable or directory path one clear sentence.
 */
export async function readDocument(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    // the size is checked before reading: a huge file is refused without being held in memory
    const stat = await fs.stat(file);
    if (stat.size > maxDocumentBytes) throw new UserError(messages.tooLarge(file, megabytes(stat.size), megabytes(maxDocumentBytes)));
    // a FIFO or a device named on purpose (`swaglint <(cat api.yaml)`) is read as the user asked
    bytes = await fs.readFile(file);
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(messages.noSuchFile(file));
    if (code === 'EISDIR') throw new UserError(messages.isDirectory(file));
    throw new UserError(messages.unreadable(file, code === 'EACCES' ? 'permission denied' : String(code ?? error)));
  }
  return decodeUtf8(bytes);
}

/** Invalid UTF-8 becomes U+FFFD, which the parser then reports at its place. */
function decodeUtf8(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/**
 * A file that a configuration names (another configuration, a ruleset, a schema, a baseline, path
 * rules): a regular file within the document size limit, or an error whose `code` says why (`ENOENT`,
 * `not a regular file`, …). A repository may hold a FIFO or a link to /dev/zero where a configuration
 * is looked for: checked before opening, since opening a FIFO waits for a writer.
 */
export async function readConfigText(file: string): Promise<string> {
  const stat = await fs.stat(file);
  const refuse = (code: string) => Object.assign(new Error(code), { code });
  if (!stat.isFile()) throw refuse(stat.isDirectory() ? 'EISDIR' : 'not a regular file');
  if (stat.size > maxDocumentBytes) throw refuse(`larger than ${megabytes(maxDocumentBytes)}`);
  return fs.readFile(file, 'utf8');
}
