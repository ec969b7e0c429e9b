import { UserError } from '../errors.js';
import type { FetchOptions } from './credentials.js';
import { redactUrl } from './redact.js';
import { fetchDocument } from './fetch.js';

/**
 * Fetches the document a user named by URL: what `readDocument` is for a path. A failure is a
 * UserError (the run cannot start), with the URL shown without credentials; the uri the document
 * gets, and every finding in it, shows the same.
 */
export async function readRemoteDocument(url: string, options: FetchOptions = {}): Promise<{ uri: string; text: string }> {
  const fetched = await fetchDocument(url, options);
  if (!fetched.ok) throw new UserError(fetched.message + '.');
  return { uri: redactUrl(url), text: fetched.text };
}
