import { readFileSync } from 'node:fs';

/** What swaglint reads of its own package.json: its version, and for links its repository and homepage. */
export interface OwnManifest {
  version: string;
  repository?: unknown;
  homepage?: string;
}

let manifest: OwnManifest | undefined;

/** swaglint's own package.json, read once, when first asked (the version and the links both need it). */
export function ownManifest(): OwnManifest {
  manifest ??= JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as OwnManifest;
  return manifest;
}

/** swaglint's own version. */
export function version(): string {
  return ownManifest().version;
}
