import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.js';
import { loadBaseline, type Baseline } from '../pipeline/library.js';

/**
 * The baseline the client names in `initializationOptions.baseline` (absolute, or relative to the
 * workspace root), read again only when the file changes: a team's `--baseline-write` then shows in
 * the editor on the next lint, without a restart. Undefined: no baseline.
 */
export function baselineSetting(initializationOptions: unknown, rootUri: string | null | undefined): (() => Promise<Baseline>) | undefined {
  const named = (initializationOptions as { baseline?: unknown } | null | undefined)?.baseline;
  if (named === undefined || named === null || named === '') return undefined;
  if (typeof named !== 'string') return async () => { throw new UserError('initializationOptions.baseline must be the path of a baseline file (a string).'); };
  const root = rootUri?.startsWith('file:') ? fileURLToPath(rootUri) : undefined;
  if (!path.isAbsolute(named) && root === undefined) return async () => { throw new UserError(`initializationOptions.baseline '${named}' is relative, and the client named no workspace root; give an absolute path.`); };
  const file = path.resolve(root ?? '/', named);
  let cached: { stamp: string; baseline: Promise<Baseline> } | undefined;
  return async () => {
    // a missing file is loadBaseline's clear message, not a stat error
    const stat = await fs.stat(file).catch(() => undefined);
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}` : 'missing';
    if (cached?.stamp !== stamp) cached = { stamp, baseline: loadBaseline(file) };
    return cached.baseline;
  };
}
