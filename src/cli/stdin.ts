import path from 'node:path';
import { UserError, messages } from '../errors.js';
import { maxDocumentBytes, megabytes } from '../pipeline/inputs.js';
import type { Io } from './io.js';

/** The file argument that means "read the document from standard input" (as ESLint and Spectral take it). */
export const stdinArgument = '-';

/** What a document read from stdin is called when `--stdin-filename` names nothing. */
export const stdinName = '<stdin>';

/**
 * `swaglint lint -`: the document is standard input, linted as if it were the file `--stdin-filename`
 * names (its configuration, its relative `$ref`s and its name in the report), else as `<stdin>` in the
 * working directory. An editor or a pipe hands over unsaved text this way. `-` stands alone: mixed with
 * files it would make a report whose names mean two things.
 */
export function stdinTarget(files: readonly string[], stdinFilename: string | undefined, cwd: string): string | undefined {
  if (!files.includes(stdinArgument)) {
    if (stdinFilename !== undefined) throw new UserError(`--stdin-filename names the document read from stdin; give '-' as the file to lint: swaglint lint - --stdin-filename ${stdinFilename}`);
    return undefined;
  }
  if (files.length > 1) throw new UserError(`'-' (the document on stdin) is linted alone; name no other file, directory or glob beside it.`);
  if (stdinFilename === '') throw new UserError('--stdin-filename needs a file name, such as --stdin-filename api/orders.yaml.');
  return path.resolve(cwd, stdinFilename ?? stdinName);
}

/** Standard input's text: at most the one-document size limit, invalid UTF-8 kept as U+FFFD (as a file's). */
export async function readStdin(io: Io, name: string): Promise<string> {
  const input = io.stdin;
  if (!input) throw new UserError('standard input cannot be read here.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > maxDocumentBytes) throw new UserError(messages.tooLarge(name, `more than ${megabytes(maxDocumentBytes)}`, megabytes(maxDocumentBytes)));
    chunks.push(bytes);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
