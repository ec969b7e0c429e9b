// Web addresses of swaglint's documentation, from its package.json: the `repository` a published
// package names, so a SARIF log uploaded to a code-scanning service, or a link an editor shows,
// opens the same page on any machine. Never a file:// path: that names the machine that ran the lint
// and opens nowhere else. A package.json that names no https repository gives no links at all.
import { ownManifest } from './version.js';

export interface PackageLinks {
  /** The project's page (package.json `homepage`, else the repository). */
  homepage: string;
  /** A file of the repository at this version's tag: `docs/rules/<id>.md` → its page. */
  file(relativePath: string): string;
}

interface Manifest {
  version?: string;
  homepage?: string;
  repository?: string | { url?: string };
}

/** `git+https://github.com/o/n.git`, `https://github.com/o/n`, `github:o/n` or `o/n` → `https://github.com/o/n`. */
export function repositoryWebUrl(repository: Manifest['repository']): string | undefined {
  const raw = typeof repository === 'string' ? repository : repository?.url;
  if (!raw) return undefined;
  const short = /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(raw);
  if (short) return `https://github.com/${short[1]}/${short[2]!.replace(/\.git$/, '')}`;
  const url = raw.replace(/^git\+/, '').replace(/\.git$/, '').replace(/\/+$/, '');
  return /^https:\/\/[^/\s]+\/[^\s]+$/.test(url) ? url : undefined;
}

/** Links for a manifest; undefined when it names no https repository. Files link at the tag `v<version>`. */
export function linksFor(manifest: Manifest): PackageLinks | undefined {
  const repo = repositoryWebUrl(manifest.repository);
  if (!repo || !manifest.version) return undefined;
  const homepage = manifest.homepage && /^https:\/\//.test(manifest.homepage) ? manifest.homepage : repo;
  const ref = `v${manifest.version}`;
  return { homepage, file: (relativePath) => `${repo}/blob/${ref}/${relativePath}` };
}

let cached: PackageLinks | undefined | null = null;

/** swaglint's own links, from its package.json (read once). */
export function packageLinks(): PackageLinks | undefined {
  if (cached === null) cached = linksFor(ownManifest() as Manifest);
  return cached;
}
