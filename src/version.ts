import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** swaglint's own version, from its package.json (read once, when first asked). */
export function version(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}
