import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { installSpectralApi, type RulesetFunction } from './spectral-api.js';
import type { CodeRef } from './types.js';

/**
 * A ruleset's module (a `.spectral.js`, an npm package's ruleset, a function of `functionsDir`),
 * imported with Spectral's packages answered by swaglint. The caller has decided that this code may
 * run (the README's security model).
 */
export async function importRulesetModule(file: string): Promise<Record<string, unknown>> {
  await installSpectralApi();
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** What a code reference keys on besides its place: the module's content, so an edit is a new configuration (the cache). */
export function contentHash(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  } catch {
    return 'unreadable';
  }
}

const loaded = new Map<string, Promise<RulesetFunction>>();

/** The function a code reference names: the module imported (once per thread), then its path walked. */
export function loadFunction(ref: CodeRef): Promise<RulesetFunction> {
  const key = `${ref.module}\u0000${ref.path.join('\u0000')}\u0000${ref.hash}`;
  let fn = loaded.get(key);
  if (!fn) {
    fn = importRulesetModule(ref.module).then((namespace) => {
      let value: unknown = namespace;
      for (const seg of ref.path) value = value !== null && (typeof value === 'object' || typeof value === 'function') ? (value as Record<string, unknown>)[seg] : undefined;
      if (typeof value !== 'function') throw new Error(`${ref.module} has no function at ${ref.path.join('.')}`);
      return value as RulesetFunction;
    });
    loaded.set(key, fn);
  }
  return fn;
}
