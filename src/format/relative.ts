import path from 'node:path';
import { redactUrl } from '../load/redact.js';

/** A path relative to `cwd` with forward slashes; a URL without credentials (user-info, token parameters). */
export function relative(cwd: string, uri: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) return redactUrl(uri);
  return path.relative(cwd, uri).split(path.sep).join('/') || uri;
}
