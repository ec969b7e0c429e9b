// Everything the service takes from swaglint's library, in one place: when the library's exports
// move (the rule list into a format registry, say), this module is the one to adapt.
import { readFileSync } from 'node:fs';
import { builtinRules, parseStoredRules, preset, type DeclarativeRuleSpec, type RuleLevel } from 'swaglint';

export { UserError, StoredRuleError, pathMatcher, sectionPattern, lintInput, load, type Diagnostic, type RuleSetting, type DeclarativeRuleSpec } from 'swaglint';

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

/** A ruleset's `rules`: built-in rules' severities and its own rules' definitions. */
export type RulesetRules = Readonly<Record<string, string | Readonly<Record<string, unknown>>>>;

/** The severities a ruleset sets for built-in rules (its own rules' definitions left out). */
export function severitySettings(rules: RulesetRules): Record<string, RuleLevel> {
  return Object.fromEntries(Object.entries(rules).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) as Record<string, RuleLevel>;
}

/** The severity of every built-in rule under a ruleset: its preset, then its own settings over it. */
export function rulesInForce(ruleset: { preset: 'recommended' | 'all'; rules: RulesetRules }): Record<string, RuleLevel> {
  return { ...preset(ruleset.preset, builtinRules), ...severitySettings(ruleset.rules) };
}

const compiled = new Map<string, Promise<DeclarativeRuleSpec[]>>();

/**
 * A ruleset's own rules (Spectral's declarative form, no code), checked and made ready for the
 * engine; throws `StoredRuleError` naming the rule and field at fault. Read again from the stored
 * definitions wherever a lint runs (a worker thread, a worker process): what runs is only ever what
 * this check accepts, never a compiled form taken from the database. Kept per definition text.
 */
export function ownRules(rulesetId: string, rules: RulesetRules): Promise<DeclarativeRuleSpec[]> {
  const definitions = Object.fromEntries(Object.entries(rules).filter(([, value]) => typeof value !== 'string'));
  if (Object.keys(definitions).length === 0) return Promise.resolve([]);
  const key = `${rulesetId}\u0000${JSON.stringify(definitions)}`;
  let found = compiled.get(key);
  if (!found) {
    // a long-running worker sees each ruleset's versions: the few latest are enough
    if (compiled.size >= 32) compiled.delete(compiled.keys().next().value!);
    found = parseStoredRules(definitions, `ruleset ${rulesetId}`, new Set(builtinRules.map((r) => r.meta.id)));
    found.catch(() => compiled.delete(key));
    compiled.set(key, found);
  }
  return found;
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
