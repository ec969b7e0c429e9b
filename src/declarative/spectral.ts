import path from 'node:path';
import type { RuleLevel } from '../types.js';
import type { Override } from '../types.js';
import { builtinRules } from '../formats/index.js';
import { configError, shownPath } from '../config-file/config-error.js';
import { parseConfigText } from '../config-file/read-config-file.js';
import { resolveModule } from '../config-file/resolve-module.js';
import { rangeOf, type Source } from '../load/source.js';
import { coreFunctionNames } from './functions.js';
import { isDefinition, parseDefinition, severityOf, type Fail } from './validate.js';
import { spectralOas, spectralOasOther } from './spectral-oas.js';
import type { DeclarativeRuleSpec } from './types.js';
import { readConfigText } from '../load/read-document.js';
import { findProjectRoot, isInside, realOrSelf } from '../load/load.js';

/** A Spectral ruleset (its `extends` chain followed) as settings of a swaglint configuration. */
export interface RulesetLayer {
  /** Its rules that swaglint runs, as declarative rules, at the severity the chain gives them. */
  declarative: DeclarativeRuleSpec[];
  /** Severities: its own rules', and built-in rules' where a `spectral:oas` rule they stand for is set. */
  rules: Record<string, RuleLevel>;
  overrides: Override[];
  files: string[];
  /** What it has that swaglint cannot run: said once per run, by rule name. */
  notices: string[];
}

type Mode = 'recommended' | 'all' | 'off';

type Entry =
  | { kind: 'spec'; spec: DeclarativeRuleSpec; recommended: boolean; level: RuleLevel }
  | { kind: 'oas'; name: string; level: RuleLevel; explicit: boolean };

interface Loaded {
  entries: Map<string, Entry>;
  /** Rules the chain defines that swaglint does not run (other formats, custom functions): settings of them are no error. */
  skipped: Set<string>;
  /** Part of the chain could not be read (JavaScript, a URL): a setting of an unknown rule may be for it. */
  opaque: boolean;
  overrides: Override[];
  files: string[];
  notices: string[];
  aliases: Map<string, string[]>;
}

const spectralKeys = ['formats', 'aliases', 'functions', 'functionsDir', 'parserOptions', 'documentationUrl'];
const builtinIds = new Set(builtinRules.map((r) => r.meta.id));

/**
 * Whether `extends` names a Spectral ruleset rather than a swaglint configuration: its name says so
 * (`.spectral.yaml`, `spectral.json`), or it has keys only a ruleset has, or extends `spectral:…`.
 */
export async function isSpectralRuleset(file: string): Promise<boolean> {
  if (/(^|[./-])spectral(rc)?(\.[a-z0-9-]+)*\.(ya?ml|json|m?js|cjs)$/i.test(path.basename(file))) return true;
  if (!/\.(ya?ml|json)$/i.test(file)) return false;
  let text: string;
  try {
    text = await readConfigText(file);
  } catch {
    return false;
  }
  if (/(^|\n)(formats|aliases|functions|functionsDir|parserOptions)\s*:/.test(text) || /spectral:(oas|asyncapi|arazzo)/.test(text)) return true;
  return /"(formats|aliases|functions|functionsDir)"\s*:/.test(text);
}

/** The swaglint id of a Spectral rule: its name, unless a built-in rule has it or it is no kebab-case id. */
export function swaglintIdOf(name: string): string {
  return builtinIds.has(name) ? `spectral/${name}` : name;
}

/**
 * Reads a Spectral ruleset (YAML or JSON) and its `extends` chain, files and packages found by
 * Node's resolution from the ruleset's directory. `where` names the place that asked for it.
 */
export async function readSpectralRuleset(file: string, where: string, cwd: string | undefined): Promise<RulesetLayer> {
  const loaded = await load(file, 'recommended', [], where, { left: maxRulesetFiles }, cwd);
  const out: RulesetLayer = { declarative: [], rules: {}, overrides: loaded.overrides, files: loaded.files, notices: loaded.notices };
  const uncovered: string[] = [];
  for (const [name, entry] of loaded.entries) {
    if (entry.kind === 'spec') {
      const id = swaglintIdOf(name);
      out.declarative.push({ ...entry.spec, id, severity: entry.level });
      out.rules[id] = entry.level;
      continue;
    }
    const oas = spectralOas[name]!;
    if (oas.swaglint.length === 0) {
      if (entry.level !== 'off') uncovered.push(name);
      continue;
    }
    if (!entry.explicit) continue; // swaglint's own severity stands unless the ruleset set this one
    for (const id of oas.swaglint) out.rules[id] = maxLevel(out.rules[id], entry.level);
  }
  if (uncovered.length) {
    out.notices.push(`${shownPath(file, cwd)}: these spectral:oas rules have no swaglint counterpart and do not run: ${uncovered.join(', ')} (the README's "Coming from Spectral" lists the mapping).`);
  }
  return out;
}

const order: RuleLevel[] = ['off', 'hint', 'info', 'warn', 'error'];
function maxLevel(a: RuleLevel | undefined, b: RuleLevel): RuleLevel {
  return a === undefined || order.indexOf(b) > order.indexOf(a) ? b : a;
}

function locate(file: string, source: Source | undefined, pointer: string[], cwd: string | undefined): string {
  if (!source) return shownPath(file, cwd);
  const { start } = rangeOf(source, pointer, 'key');
  return `${shownPath(file, cwd)}:${start.line + 1}:${start.character + 1}`;
}

/**
 * Rulesets one read may load, counting each time a file is reached: `extends` that names the same
 * files over and over (ten entries a level, eight levels) would otherwise load 10^8 of them.
 */
const maxRulesetFiles = 100;

async function load(file: string, mode: Mode, chain: readonly string[], where: string, budget: { left: number }, cwd: string | undefined): Promise<Loaded> {
  const result: Loaded = { entries: new Map(), skipped: new Set(), opaque: false, overrides: [], files: [file], notices: [], aliases: new Map() };
  if (chain.includes(file)) throw configError(chain[chain.length - 1]!, `'extends' makes a cycle through ${path.basename(file)}; remove one of these.`, undefined, cwd);
  if (--budget.left < 0) throw configError(chain[0] ?? file, `'extends' reaches rulesets more than ${maxRulesetFiles} times (the same files named over and over?); extend each ruleset once.`, undefined, cwd);
  if (/\.(m?js|cjs|ts)$/i.test(file)) {
    result.notices.push(`${where}: the Spectral ruleset ${shownPath(file, cwd)} is JavaScript; swaglint reads YAML and JSON rulesets, so its rules do not run.`);
    result.opaque = true;
    return result;
  }
  let text: string;
  try {
    text = await readConfigText(file);
  } catch (error) {
    throw configError(file, `cannot read the Spectral ruleset (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, undefined, cwd);
  }
  const { value, source } = parseConfigText(file, text, cwd);
  const fail = (pointer: string[], message: string) => configError(file, message, source ? { source, pointer } : undefined, cwd);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fail([], 'a Spectral ruleset is a mapping with rules, extends, formats….');
  const raw = value as Record<string, unknown>;
  const dir = path.dirname(file);

  // extends: each entry a name or [name, recommended|all|off]
  const extendsRaw = raw['extends'];
  const extendsList: Array<[unknown, string[]]> = extendsRaw === undefined ? [] : Array.isArray(extendsRaw) ? extendsRaw.map((e: unknown, i) => [e, ['extends', String(i)]]) : [[extendsRaw, ['extends']]];
  for (const [item, pointer] of extendsList) {
    const [spec, modeRaw] = Array.isArray(item) ? [item[0], item[1] ?? 'recommended'] : [item, 'recommended'];
    if (typeof spec !== 'string' || !['recommended', 'all', 'off'].includes(modeRaw as string)) {
      throw fail(pointer, "each entry of 'extends' is a ruleset, or [ruleset, recommended | all | off].");
    }
    const m = combine(mode, modeRaw as Mode);
    if (spec === 'spectral:oas') {
      for (const [name, r] of Object.entries(spectralOas)) result.entries.set(name, { kind: 'oas', name, level: levelFor(r.severity, r.recommended, m), explicit: m === 'off' });
      continue;
    }
    if (spec.startsWith('spectral:')) continue; // asyncapi, arazzo: nothing in them applies to Swagger 2.0
    if (/^https?:\/\//i.test(spec)) {
      result.notices.push(`${locate(file, source, pointer, cwd)}: the ruleset extends ${spec}, a URL; swaglint reads rulesets from files and installed packages only, so its rules do not run.`);
      result.opaque = true;
      continue;
    }
    const target = resolveModule(spec, dir);
    if (!target) throw fail(pointer, `'extends' names '${spec}', which is not found from ${dir}; give a path relative to this ruleset or an installed package.`);
    const inner = await load(target, m, [...chain, file], locate(file, source, pointer, cwd), budget, cwd);
    for (const [name, entry] of inner.entries) result.entries.set(name, entry);
    result.overrides.push(...inner.overrides);
    result.files.push(...inner.files);
    result.notices.push(...inner.notices);
    for (const [k, v] of inner.aliases) result.aliases.set(k, v);
    for (const k of inner.skipped) result.skipped.add(k);
    if (inner.opaque) result.opaque = true;
  }

  for (const [name, a] of Object.entries((raw['aliases'] as Record<string, unknown> | undefined) ?? {})) {
    const given = aliasGiven(a);
    if (given) result.aliases.set(name, given);
  }

  const customFunctions = Array.isArray(raw['functions']) ? (raw['functions'] as unknown[]).map(String) : [];
  const rulesetFormats = Array.isArray(raw['formats']) ? (raw['formats'] as unknown[]).map(String) : undefined;
  const rules = raw['rules'];
  if (rules !== undefined && (rules === null || typeof rules !== 'object' || Array.isArray(rules))) throw fail(['rules'], "'rules' is a mapping from rule name to a definition or a severity.");
  for (const [name, def] of Object.entries((rules as Record<string, unknown> | undefined) ?? {})) {
    const at = ['rules', name];
    const ruleFail: Fail = (p, message) => fail([...at, ...p], message);
    if (isDefinition(def)) {
      const formats = Array.isArray(def['formats']) ? (def['formats'] as unknown[]).map(String) : rulesetFormats;
      if (formats && !formats.includes('oas2')) {
        result.skipped.add(name); // not for Swagger 2.0
        result.entries.delete(name);
        continue;
      }
      const thens = Array.isArray(def['then']) ? def['then'] : [def['then']];
      const unknown = thens.map((t) => (t !== null && typeof t === 'object' ? (t as Record<string, unknown>)['function'] : undefined)).find((fn) => typeof fn === 'string' && !coreFunctionNames.includes(fn));
      if (typeof unknown === 'string') {
        const why = customFunctions.includes(unknown) ? 'a custom JavaScript function' : coreFunctionNames.includes(unknown) ? '' : 'a function swaglint does not have';
        result.notices.push(`${locate(file, source, at, cwd)}: the rule '${name}' uses '${unknown}', ${why}; swaglint skips this rule and runs the rest.`);
        result.entries.delete(name);
        result.skipped.add(name);
        continue;
      }
      const expanded = { ...def, given: expandAliases(def['given'], result.aliases, ruleFail), then: await inlineSchemaFiles(def['then'], dir, ruleFail, cwd) };
      delete (expanded as Record<string, unknown>)['formats'];
      const spec = await parseDefinition(name, expanded, { fail: ruleFail, origin: locate(file, source, at, cwd), spectral: true, defaultSeverity: 'warn' });
      const recommended = def['recommended'] !== false;
      result.entries.set(name, { kind: 'spec', spec, recommended, level: levelFor(spec.severity, recommended, mode) });
      continue;
    }
    // a setting for a rule defined earlier in the chain
    const level = settingLevel(def);
    const existing = result.entries.get(name);
    if (level === undefined) throw ruleFail([], `'${String(JSON.stringify(def))}' is not a setting for '${name}'; use a severity (error, warn, info, hint, off, 0–3, true, false) or a definition with given and then.`);
    if (!existing) {
      if (result.skipped.has(name) || spectralOasOther.has(name) || result.opaque) continue;
      throw ruleFail([], `the ruleset sets '${name}', which no ruleset it extends defines.`);
    }
    if (existing.kind === 'oas') result.entries.set(name, { ...existing, level: level === true ? spectralOas[name]!.severity : level, explicit: true });
    else result.entries.set(name, { ...existing, level: level === true ? existing.spec.severity : level });
  }

  const overrides = raw['overrides'];
  if (Array.isArray(overrides)) {
    overrides.forEach((o: unknown, i) => {
      const at = ['overrides', String(i)];
      if (o === null || typeof o !== 'object') throw fail(at, "an override is a mapping with 'files' and 'rules'.");
      const entry = o as Record<string, unknown>;
      const files = Array.isArray(entry['files']) ? (entry['files'] as unknown[]).map(String) : [];
      const settings: Record<string, RuleLevel> = {};
      for (const [name, def] of Object.entries((entry['rules'] as Record<string, unknown> | undefined) ?? {})) {
        const level = settingLevel(def);
        const known = result.entries.get(name);
        if (level !== undefined && !known && (result.skipped.has(name) || spectralOasOther.has(name))) continue;
        if (level === undefined || !known) {
          result.notices.push(`${locate(file, source, [...at, 'rules', name], cwd)}: swaglint applies severities of rules the ruleset defines in an override, not new rule definitions; '${name}' is left as it is there.`);
          continue;
        }
        if (known.kind === 'oas') {
          for (const id of spectralOas[name]!.swaglint) settings[id] = level === true ? spectralOas[name]!.severity : level;
        } else settings[swaglintIdOf(name)] = level === true ? known.spec.severity : level;
      }
      if (Object.keys(settings).length === 0) return;
      // `files` may carry a JSON pointer (`**/*.yaml#/paths/~1legacy`): one under /paths is an API path scope
      const globs = new Set<string>();
      const apiPaths = new Set<string>();
      for (const f of files) {
        const [glob, fragment] = f.split('#') as [string, string | undefined];
        globs.add(glob);
        if (fragment === undefined || fragment === '') continue;
        const m = /^\/paths\/([^/]+)/.exec(fragment);
        if (!m) {
          result.notices.push(`${locate(file, source, [...at, 'files'], cwd)}: the override's '${f}' points inside documents elsewhere than under /paths; swaglint applies it to the whole file.`);
          continue;
        }
        apiPaths.add(decodeURIComponent(m[1]!).replace(/~1/g, '/').replace(/~0/g, '~'));
      }
      const override: Override = { rules: settings, base: dir };
      if (globs.size && ![...globs].every((g) => g === '**' || g === '**/*')) override.files = [...globs];
      if (apiPaths.size) override.paths = [...apiPaths];
      result.overrides.push(override);
    });
  }
  return result;
}

/**
 * A `schema` function's `$ref` to a file beside the ruleset (`$ref: ./models/Problem.yaml`) is
 * replaced by the file's content, as Spectral's ruleset bundler does: the schema then compiles
 * alone. References inside that file stay as they are (relative to its root or its `$id`).
 */
async function inlineSchemaFiles(then: unknown, dir: string, fail: Fail, cwd: string | undefined): Promise<unknown> {
  const cache = new Map<string, unknown>();
  const visit = async (value: unknown, pointer: string[], depth: number): Promise<unknown> => {
    if (depth > 50 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return Promise.all(value.map((v, i) => visit(v, [...pointer, String(i)], depth + 1)));
    const obj = value as Record<string, unknown>;
    const ref = obj['$ref'];
    if (typeof ref === 'string' && !ref.startsWith('#') && !/^[a-z]+:/i.test(ref)) {
      const [file, fragment] = ref.split('#') as [string, string | undefined];
      const target = path.resolve(dir, file);
      // a ruleset found in a repository reads schemas from that repository only, as a document's $ref does
      if (!isInside(realOrSelf(target), realOrSelf(findProjectRoot(dir, cwd ?? dir)))) throw fail([...pointer, '$ref'], `the schema's $ref '${ref.slice(0, 200)}' leaves the ruleset's project; keep the schema inside it.`);
      let content = cache.get(target);
      if (content === undefined) {
        let text: string;
        try {
          text = await readConfigText(target);
        } catch {
          throw fail([...pointer, '$ref'], `the schema's $ref '${ref}' names a file that cannot be read (${shownPath(target, cwd)}).`);
        }
        content = parseConfigText(target, text, cwd).value;
        cache.set(target, content);
      }
      if (fragment) for (const seg of fragment.split('/').filter(Boolean)) content = (content as Record<string, unknown> | undefined)?.[decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~')];
      return content;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = await visit(v, [...pointer, k], depth + 1);
    return out;
  };
  const list = Array.isArray(then) ? then : [then];
  const done = await Promise.all(
    list.map((t: unknown, i) => {
      if (t === null || typeof t !== 'object' || (t as Record<string, unknown>)['function'] !== 'schema') return t;
      const base = Array.isArray(then) ? ['then', String(i), 'functionOptions'] : ['then', 'functionOptions'];
      return visit((t as Record<string, unknown>)['functionOptions'], base, 0).then((functionOptions) => ({ ...(t as object), functionOptions }));
    }),
  );
  return Array.isArray(then) ? done : done[0];
}

/** Spectral: an `off` ruleset stays off below; `all` turns on what `recommended: false` left off. */
function combine(outer: Mode, inner: Mode): Mode {
  if (outer === 'off' || inner === 'off') return 'off';
  return outer === 'all' || inner === 'all' ? 'all' : 'recommended';
}

function levelFor(severity: RuleLevel, recommended: boolean, mode: Mode): RuleLevel {
  if (mode === 'off') return 'off';
  return recommended || mode === 'all' ? severity : 'off';
}

function settingLevel(def: unknown): RuleLevel | true | undefined {
  if (def === true) return true;
  if (def !== null && typeof def === 'object' && !Array.isArray(def)) {
    const keys = Object.keys(def);
    if (keys.every((k) => k === 'severity' || k === 'recommended')) {
      const s = (def as Record<string, unknown>)['severity'];
      return s === undefined ? true : severityOf(s, true);
    }
    return undefined;
  }
  return severityOf(def, true);
}

/** An alias's `given` list, for Swagger 2.0 where it has per-format targets. */
function aliasGiven(alias: unknown): string[] | undefined {
  if (typeof alias === 'string') return [alias];
  if (Array.isArray(alias)) return alias.map(String);
  if (alias !== null && typeof alias === 'object') {
    const targets = (alias as Record<string, unknown>)['targets'];
    if (Array.isArray(targets)) {
      for (const t of targets as Array<Record<string, unknown>>) {
        const formats = Array.isArray(t['formats']) ? (t['formats'] as unknown[]).map(String) : [];
        if (formats.includes('oas2')) return Array.isArray(t['given']) ? (t['given'] as unknown[]).map(String) : [String(t['given'])];
      }
      return [];
    }
  }
  return undefined;
}

/** `#Alias.rest` → each of the alias's paths with `.rest` after it. */
function expandAliases(given: unknown, aliases: ReadonlyMap<string, string[]>, fail: Fail): unknown {
  if (given === undefined) return given;
  const out = expandList(given, aliases, fail, 0, { left: maxAliasPaths });
  return out.length === 1 ? out[0] : out;
}

/** Paths one `given` may expand to: aliases of aliases multiply (12 entries, 8 levels: 12^8). */
const maxAliasPaths = 1000;

function expandList(given: unknown, aliases: ReadonlyMap<string, string[]>, fail: Fail, depth: number, budget: { left: number }): unknown[] {
  const list = Array.isArray(given) ? given : [given];
  const out: unknown[] = [];
  list.forEach((g: unknown, i) => {
    if (typeof g !== 'string' || !g.startsWith('#')) {
      out.push(g);
      return;
    }
    const m = /^#([A-Za-z0-9_-]+)(.*)$/.exec(g);
    const alias = m ? aliases.get(m[1]!) : undefined;
    if (!m || !alias || depth > 8) throw fail(Array.isArray(given) ? ['given', String(i)] : ['given'], `'${g}' names an alias the ruleset does not define.`);
    for (const a of expandList(alias, aliases, fail, depth + 1, budget)) {
      if (--budget.left < 0) throw fail(['given'], `'${g.slice(0, 100)}' expands to more than ${maxAliasPaths} paths through its aliases; use fewer levels of aliases.`);
      out.push(String(a) + m[2]);
    }
  });
  return out;
}

export { spectralKeys };

