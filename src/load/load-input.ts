import path from 'node:path';
import { UserError } from '../errors.js';
import { parseSource } from './source.js';
import { resolveDocument, type ResolveOptions } from './load.js';
import type { LoadedDocument } from './refs.js';
import { readDocument } from './read-document.js';

/** Unsaved text with the uri it stands for, a file, or an `http(s)` URL (fetched with `options.fetch`). */
export type LintInput = { text: string; uri: string } | { path: string } | { url: string };

export interface LoadOptions extends ResolveOptions {
  signal?: AbortSignal;
}

/**
 * Reads (or takes, for unsaved text) one document, parses it with positions and loads the files its
 * `$ref`s name: what the rules see, for scripts that want the tree itself. A document that does not
 * parse is a UserError naming the file, line and column.
 */
export async function load(input: LintInput, options: LoadOptions): Promise<LoadedDocument> {
  options.signal?.throwIfAborted();
  let uri: string;
  let text: string;
  if ('path' in input) text = await readDocument((uri = path.resolve(options.cwd, input.path)));
  else if ('url' in input) ({ uri, text } = await (await import('./read-remote.js')).readRemoteDocument(input.url, options.fetch));
  else ({ uri, text } = input);
  const parsed = parseSource(text, uri);
  if (!parsed.ok) {
    const { problem } = parsed;
    const at = parsed.problem.text.slice(0, problem.offset).split('\n');
    throw new UserError(`${uri}:${at.length}:${at[at.length - 1]!.length + 1}: the file does not parse: ${problem.message}`);
  }
  return resolveDocument(parsed.source, options);
}
