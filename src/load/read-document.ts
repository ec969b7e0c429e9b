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
    const { size } = await fs.stat(file);
    if (size > maxDocumentBytes) throw new UserError(messages.tooLarge(file, megabytes(size), megabytes(maxDocumentBytes)));
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
