import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root (tests run compiled, from dist/test). */
export const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const binPath = path.join(projectDir, 'bin', 'swaglint.js');

/**
 * A rule's page as editors link it: in the repository package.json names, at this version's tag, never a
 * path of this machine. Written out here, not computed by the code under test.
 */
export function ruleDocsHref(id: string): string {
  const version = (JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { version: string }).version;
  return `https://github.com/swaglint/swaglint/blob/v${version}/docs/rules/${id}.md`;
}
