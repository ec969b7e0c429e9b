import path from 'node:path';

/** A path relative to `cwd` with forward slashes; URLs unchanged. */
export function relative(cwd: string, uri: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) return uri;
  return path.relative(cwd, uri).split(path.sep).join('/') || uri;
}
