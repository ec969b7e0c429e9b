// Everything the service takes from swaglint's library, in one place: when the library's exports
// move (the rule list into a format registry, say), this module is the one to adapt.
import { readFileSync } from 'node:fs';
import { builtinRules, preset, type RuleLevel } from 'swaglint';

export { UserError, pathMatcher, sectionPattern, lintInput, load, type Diagnostic, type RuleSetting } from 'swaglint';

/** What the service tells about one built-in rule. */
export interface RuleEntry {
  id: string;
  category: 'validity' | 'convention';
  description: string;
  /** The rule's page in swaglint's repository at this version, when its package.json names one. */
  docs_url: string | null;
}

let catalogue: ReadonlyMap<string, RuleEntry> | undefined;

/** Every built-in rule by id, in the library's order. */
export function ruleCatalogue(): ReadonlyMap<string, RuleEntry> {
  if (catalogue) return catalogue;
  const docs = docsBase();
  catalogue = new Map(
    builtinRules.map((r) => [r.meta.id, { id: r.meta.id, category: r.meta.category ?? 'convention', description: r.meta.description, docs_url: docs ? `${docs}/docs/rules/${r.meta.id}.md` : null }]),
  );
  return catalogue;
}

/** The severity of every built-in rule under a ruleset: its preset, then its own settings over it. */
export function rulesInForce(ruleset: { preset: 'recommended' | 'all'; rules: Readonly<Record<string, string>> }): Record<string, RuleLevel> {
  return { ...preset(ruleset.preset, builtinRules), ...(ruleset.rules as Record<string, RuleLevel>) };
}

/** `https://github.com/<owner>/<name>/blob/v<version>` from the installed swaglint's package.json. */
function docsBase(): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.resolve('swaglint')), 'utf8')) as { version?: string; repository?: string | { url?: string } };
    const raw = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
    const repo = raw?.replace(/^git\+/, '').replace(/\.git$/, '');
    return repo && /^https:\/\/[^/\s]+\/\S+$/.test(repo) && manifest.version ? `${repo}/blob/v${manifest.version}` : undefined;
  } catch {
    return undefined;
  }
}
