import path from 'node:path';
import type { RuleLevel } from '../types.js';
import type { Override } from '../types.js';
import { formats as builtinFormats } from '../formats/index.js';
import { builtinRules } from '../../rules/index.js';
import { runsOn } from '../lint/rule.js';
import { configError, shownPath } from '../config-file/config-error.js';
import { parseConfigText } from '../config-file/read-config-file.js';
import { resolveModule } from '../config-file/resolve-module.js';
import { rangeOf, type Source } from '../load/source.js';
import { coreFunctionNames } from './functions.js';
import { isDefinition, parseDefinition, parseGiven, severityOf, type Fail } from './validate.js';
import { oasRuleFormats, spectralOas } from './spectral-oas.js';
import { spectralOasRuleset } from './spectral-oas-rules.js';
import type { DeclarativeRuleSpec } from './types.js';
import { readConfigText } from '../load/read-document.js';
import { findProjectRoot, isInside, realOrSelf } from '../load/load.js';
import { existsSync } from 'node:fs';
import { CodeNotAllowed } from '../config-file/config-error.js';
import { codeRef, contentHashOf, importRulesetModule, loadFunction } from './ruleset-code.js';
import { coreNameOf, formatNameOf, rulesetNameOf } from './spectral-api.js';
import type { CodeRef } from './types.js';
import { documentKinds, kindNames, kindsFor, type DocumentKind } from '../formats/spectral.js';

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
  aliases: Map<string, Alias>;
  /** Every format the chain names (the rulesets', their rules'): Spectral detects a document's formats among these. */
  formats: Set<string>;
}

/** An alias: its paths, or per-format targets (the first whose formats a document has gives the paths). */
type Alias = string[] | Array<{ formats: string[]; given: string[] }>;

const spectralKeys = ['formats', 'aliases', 'functions', 'functionsDir', 'parserOptions', 'documentationUrl'];
const builtinIds = new Set(builtinRules.map((r) => r.meta.id));
/** The built-in rules by id, to ask which formats each runs on. */
const builtinById = new Map(builtinRules.map((r) => [r.meta.id, r]));

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
export async function readSpectralRuleset(file: string, where: string, options: { allowCode?: boolean; cwd?: string } = {}): Promise<RulesetLayer> {
  const { cwd } = options;
  const loaded = await load(file, 'recommended', [], where, { left: maxRulesetFiles, allowCode: options.allowCode !== false, root: file, cwd });
  const out: RulesetLayer = { declarative: [], rules: {}, overrides: loaded.overrides, files: loaded.files, notices: loaded.notices };
  const uncovered = new Map<string, string[]>(builtinFormats.map((f) => [f.id, []]));
  for (const [name, entry] of loaded.entries) {
    if (entry.kind === 'spec') {
      const id = swaglintIdOf(name);
      // typedEnum reads the formats Spectral detects, which are among those the whole chain names
      const readsFormats = entry.spec.then.some((t) => t.function === 'typedEnum' && !t.code) && loaded.formats.size > 0;
      out.declarative.push({ ...entry.spec, id, severity: entry.level, ...(readsFormats ? { documentFormats: [...loaded.formats] } : {}) });
      out.rules[id] = entry.level;
      continue;
    }
    const oas = spectralOas[name]!;
    // per format, a rule none of whose counterparts runs there: it stops the run below
    if (entry.level !== 'off') for (const format of oasRuleFormats(name)) if (!oas.swaglint.some((id) => { const rule = builtinById.get(id); return rule !== undefined && runsOn(rule, format); })) uncovered.get(format)?.push(name);
    if (oas.swaglint.length === 0) continue;
    if (!entry.explicit) continue; // swaglint's own severity stands unless the ruleset set this one
    for (const id of oas.swaglint) out.rules[id] = maxLevel(out.rules[id], entry.level);
  }
  for (const format of builtinFormats) {
    const names = uncovered.get(format.id)!;
    // a rule that would not run stops the run (exit 2), never passes it by; today every rule has one
    if (names.length) throw configError(file, `on ${format.name} documents, these spectral:oas rules have no swaglint counterpart and would not run: ${names.join(', ')}; to lint without them, turn them off in the ruleset's 'rules' (${names[0]}: off).`, undefined, cwd);
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

/** The formats `spectral:oas` names (its ruleset's own `formats`). */
const oasFormats = ['oas2', 'oas3', 'oas3_0', 'oas3_1', 'oas3_2'];

interface Budget {
  left: number;
  /** Whether the ruleset may run code (see LoadConfigOptions.allowCode). */
  allowCode: boolean;
  /** The ruleset first asked for: what a refusal to run code names. */
  root: string;
  /** The run's working directory: messages show files relative to it. */
  cwd: string | undefined;
}

async function load(file: string, mode: Mode, chain: readonly string[], where: string, budget: Budget): Promise<Loaded> {
  const { cwd } = budget;
  if (chain.includes(file)) throw configError(chain[chain.length - 1]!, `'extends' makes a cycle through ${path.basename(file)}; remove one of these.`, undefined, cwd);
  if (--budget.left < 0) throw configError(chain[0] ?? file, `'extends' reaches rulesets more than ${maxRulesetFiles} times (the same files named over and over?); extend each ruleset once.`, undefined, cwd);
  if (/\.(m?js|cjs)$/i.test(file)) {
    if (!budget.allowCode) throw new CodeNotAllowed(budget.root, chain.length ? `it extends the JavaScript ruleset ${file}` : 'it is a JavaScript ruleset');
    let namespace: Record<string, unknown>;
    try {
      namespace = await importRulesetModule(file);
    } catch (error) {
      throw configError(file, `the JavaScript ruleset failed to load: ${firstLine(error)}.`, undefined, cwd);
    }
    const codes = new WeakMap<object, CodeRef>();
    const value = fromCode(namespace['default'] ?? namespace, { file, path: ['default'], hash: contentHashOf(file), codes });
    return loadValue(file, undefined, value, mode, chain, where, budget, codes);
  }
  if (/\.(m?ts|cts)$/i.test(file)) throw configError(file, 'a TypeScript ruleset is not loaded; compile it to JavaScript (.js, .mjs) and extend that.', undefined, cwd);
  let text: string;
  try {
    text = await readConfigText(file);
  } catch (error) {
    throw configError(file, `cannot read the Spectral ruleset (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, undefined, cwd);
  }
  const { value, source } = parseConfigText(file, text, cwd);
  return loadValue(file, source, value, mode, chain, where, budget, new WeakMap());
}

/** A ruleset's content (parsed YAML or JSON, or a JavaScript ruleset's object made plain) with its `extends` chain followed. */
async function loadValue(file: string, source: Source | undefined, value: unknown, mode: Mode, chain: readonly string[], where: string, budget: Budget, codes: WeakMap<object, CodeRef>): Promise<Loaded> {
  const result: Loaded = { entries: new Map(), skipped: new Set(), opaque: false, overrides: [], files: [file], notices: [], aliases: new Map(), formats: new Set() };
  const { cwd } = budget;
  const fail = (pointer: string[], message: string) => configError(file, message, source ? { source, pointer } : undefined, cwd);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fail([], 'a Spectral ruleset is a mapping with rules, extends, formats….');
  const raw = value as Record<string, unknown>;
  const dir = path.dirname(file);

  // extends: each entry a name or [name, recommended|all|off]
  const extendsRaw = raw['extends'];
  const extendsList: Array<[unknown, string[]]> = extendsRaw === undefined ? [] : Array.isArray(extendsRaw) ? extendsRaw.map((e: unknown, i) => [e, ['extends', String(i)]]) : [[extendsRaw, ['extends']]];
  for (const [item, pointer] of extendsList) {
    const [spec, modeRaw] = Array.isArray(item) ? [item[0], item[1] ?? 'recommended'] : [item, 'recommended'];
    const inline = inlineOf(spec);
    if (inline && ['recommended', 'all', 'off'].includes(modeRaw as string)) {
      // a JavaScript ruleset's extends names a ruleset object it imported: loaded in place
      mergeInto(result, await loadValue(file, undefined, inline, combine(mode, modeRaw as Mode), [...chain, `${file}#${pointer.join('/')}`], where, budget, codes));
      continue;
    }
    if (typeof spec !== 'string' || !['recommended', 'all', 'off'].includes(modeRaw as string)) {
      throw fail(pointer, "each entry of 'extends' is a ruleset, or [ruleset, recommended | all | off].");
    }
    const m = combine(mode, modeRaw as Mode);
    if (spec === 'spectral:oas') {
      for (const [name, r] of Object.entries(spectralOas)) result.entries.set(name, { kind: 'oas', name, level: levelFor(r.severity, r.recommended, m), explicit: m === 'off' });
      for (const f of oasFormats) result.formats.add(f);
      // the rules defined as Spectral has them: loaded as an extended ruleset would be
      mergeInto(result, await loadValue(file, undefined, spectralOasRuleset, m, [...chain, 'spectral:oas'], where, budget, codes));
      continue;
    }
    if (spec.startsWith('spectral:')) continue; // asyncapi, arazzo: nothing in them applies to Swagger 2.0
    if (/^https?:\/\//i.test(spec)) throw fail(pointer, `the ruleset extends ${spec}, a URL; swaglint never loads a ruleset (which may run code) from the network: download it into the repository, or install it as a package, and extend that.`);
    const target = resolveModule(spec, dir);
    if (!target) throw fail(pointer, `'extends' names '${spec}', which is not found from ${dir}; give a path relative to this ruleset or an installed package.`);
    mergeInto(result, await load(target, m, [...chain, file], locate(file, source, pointer, cwd), budget));
  }

  for (const [name, a] of Object.entries((raw['aliases'] as Record<string, unknown> | undefined) ?? {})) {
    const alias = aliasOf(a);
    if (alias) result.aliases.set(name, alias);
  }

  const customFunctions = Array.isArray(raw['functions']) ? (raw['functions'] as unknown[]).map(String) : [];
  const functionsDir = path.resolve(dir, typeof raw['functionsDir'] === 'string' ? raw['functionsDir'] : 'functions');
  const rulesetFormats = Array.isArray(raw['formats']) ? (raw['formats'] as unknown[]).map(String) : undefined;
  for (const f of rulesetFormats ?? []) result.formats.add(f);
  const rules = raw['rules'];
  if (rules !== undefined && (rules === null || typeof rules !== 'object' || Array.isArray(rules))) throw fail(['rules'], "'rules' is a mapping from rule name to a definition or a severity.");
  for (const [name, def] of Object.entries((rules as Record<string, unknown> | undefined) ?? {})) {
    const at = ['rules', name];
    const ruleFail: Fail = (p, message) => fail([...at, ...p], message);
    if (isDefinition(def)) {
      const formats = Array.isArray(def['formats']) ? (def['formats'] as unknown[]).map(String) : rulesetFormats;
      for (const f of formats ?? []) result.formats.add(f);
      // per kind of document its formats name, the paths its aliases give there (none: it does not apply there)
      const givens = new Map<DocumentKind, unknown>();
      for (const kind of kindsFor(formats)) {
        const given = expandAliases(def['given'], result.aliases, ruleFail, documentKinds[kind]);
        if (!(Array.isArray(given) && given.length === 0)) givens.set(kind, given);
      }
      if (givens.size === 0) {
        result.skipped.add(name); // for other formats only (AsyncAPI, JSON Schema…)
        result.entries.delete(name);
        continue;
      }
      const thens = Array.isArray(def['then']) ? def['then'] : [def['then']];
      for (const [i, t] of thens.entries()) {
        const fn = t !== null && typeof t === 'object' ? (t as Record<string, unknown>)['function'] : undefined;
        if (typeof fn !== 'string' || coreFunctionNames.includes(fn) || codes.has(t as object)) continue;
        const fnAt = Array.isArray(def['then']) ? ['then', String(i), 'function'] : ['then', 'function'];
        if (!customFunctions.includes(fn)) throw ruleFail(fnAt, `'${fn}' is neither a core function (${coreFunctionNames.join(', ')}) nor one of the ruleset's functions; list it under 'functions' with its file in '${path.relative(dir, functionsDir) || '.'}'.`);
        if (!budget.allowCode) throw new CodeNotAllowed(budget.root, `its rule '${name}' runs the JavaScript function '${fn}'`);
        const module = path.join(functionsDir, `${fn}.js`);
        if (!isInside(module, functionsDir) || !existsSync(module)) throw ruleFail(fnAt, `the function '${fn}' has no file ${shownPath(module, cwd)}; Spectral reads a ruleset's functions from its functionsDir.`);
        codes.set(t as object, codeRef(module, ['default']));
      }
      for (const [i, t] of thens.entries()) {
        const code = t !== null && typeof t === 'object' ? codes.get(t as object) : undefined;
        if (code) await checkFunction(code, (t as Record<string, unknown>)['functionOptions'], Array.isArray(def['then']) ? ['then', String(i)] : ['then'], ruleFail, cwd);
      }
      const then = await inlineSchemaFiles(def['then'], dir, ruleFail, cwd);
      const context = { fail: ruleFail, origin: locate(file, source, at, cwd), spectral: true, defaultSeverity: 'warn' as const, code: codes };
      const byGiven = new Map<string, { kinds: DocumentKind[]; given: string[] }>();
      let spec: DeclarativeRuleSpec | undefined;
      for (const [kind, given] of givens) {
        const key = JSON.stringify(given);
        const known = byGiven.get(key);
        if (known) {
          known.kinds.push(kind);
          continue;
        }
        if (spec) {
          byGiven.set(key, { kinds: [kind], given: await parseGiven(name, given, ruleFail) });
          continue;
        }
        const expanded: Record<string, unknown> = { ...def, given, then };
        delete expanded['formats'];
        spec = await parseDefinition(name, expanded, context);
        byGiven.set(key, { kinds: [kind], given: spec.given });
      }
      spec = spec!;
      if (givens.size < kindNames.length) spec.formats = [...givens.keys()];
      if (byGiven.size > 1) {
        // aliases with per-format targets: each kind of document matches its own paths
        spec.givenByKind = {};
        for (const { kinds, given } of byGiven.values()) for (const k of kinds) spec.givenByKind[k] = given;
        spec.given = [...new Set([...byGiven.values()].flatMap((g) => g.given))];
      }
      const recommended = def['recommended'] !== false;
      result.entries.set(name, { kind: 'spec', spec, recommended, level: levelFor(spec.severity, recommended, mode) });
      continue;
    }
    // a setting for a rule defined earlier in the chain
    const level = settingLevel(def);
    const existing = result.entries.get(name);
    if (level === undefined) throw ruleFail([], `'${String(JSON.stringify(def))}' is not a setting for '${name}'; use a severity (error, warn, info, hint, off, 0–3, true, false) or a definition with given and then.`);
    if (!existing) {
      if (result.skipped.has(name) || result.opaque) continue;
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
        if (level !== undefined && !known && (result.skipped.has(name) || result.opaque)) continue;
        // a rule that would not run stops the run (exit 2), never passes it by
        if (level === undefined) throw fail([...at, 'rules', name], `an override sets the severity of rules the ruleset defines; swaglint does not run a rule defined in an override: define '${name}' under the ruleset's 'rules' (turned off there if it is for these files only) and give it its severity here.`);
        if (!known) throw fail([...at, 'rules', name], `the override sets '${name}', which the ruleset and those it extends do not define; define it under 'rules', or remove it here.`);
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
      // a ruleset reads schemas from its own repository only (or, outside one, its own folder), as a document's $ref does
      if (!isInside(realOrSelf(target), realOrSelf(findProjectRoot(dir, dir)))) throw fail([...pointer, '$ref'], `the schema's $ref '${ref.slice(0, 200)}' leaves the ruleset's project; keep the schema inside it.`);
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

function mergeInto(result: Loaded, inner: Loaded): void {
  for (const [name, entry] of inner.entries) result.entries.set(name, entry);
  result.overrides.push(...inner.overrides);
  result.files.push(...inner.files);
  result.notices.push(...inner.notices);
  for (const [k, v] of inner.aliases) result.aliases.set(k, v);
  for (const k of inner.skipped) result.skipped.add(k);
  if (inner.opaque) result.opaque = true;
  for (const f of inner.formats) result.formats.add(f);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
}

/** A JavaScript function of the ruleset: it must load, and take the rule's options (`createRulesetFunction`'s schema). */
async function checkFunction(code: CodeRef, options: unknown, pointer: string[], fail: Fail, cwd: string | undefined): Promise<void> {
  let fn: Awaited<ReturnType<typeof loadFunction>>;
  try {
    fn = await loadFunction(code);
  } catch (error) {
    throw fail([...pointer, 'function'], `the function failed to load from ${shownPath(code.module, cwd)}: ${firstLine(error)}.`);
  }
  try {
    fn.validator?.(options ?? null);
  } catch (error) {
    throw fail([...pointer, 'functionOptions'], `${firstLine(error)}.`);
  }
}

/** Marks a ruleset object a JavaScript ruleset extends, made plain, to be loaded in place. */
const inlineKey = Symbol('inline ruleset');

function inlineOf(spec: unknown): Record<string, unknown> | undefined {
  return spec !== null && typeof spec === 'object' && inlineKey in spec ? ((spec as Record<symbol, unknown>)[inlineKey] as Record<string, unknown>) : undefined;
}

interface CodeAt {
  file: string;
  /** From the module's namespace to the value at hand. */
  path: Array<string | number>;
  hash: () => string;
  codes: WeakMap<object, CodeRef>;
}

/**
 * A JavaScript ruleset's object as the YAML loader reads a ruleset: imported rulesets in `extends`
 * become names (`oas` → spectral:oas) or objects loaded in place, formats become their names, and
 * each function becomes its name, with where it is (module and path) kept beside, for the workers
 * to import it again.
 */
function fromCode(value: unknown, at: CodeAt): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const here = { ...at, path: [...at.path, key] };
    if (key === 'extends') out[key] = Array.isArray(v) ? v.map((e: unknown, i) => extendsEntry(e, { ...here, path: [...here.path, i] })) : extendsEntry(v, here);
    else if (key === 'formats') out[key] = formatsOf(v);
    else if (key === 'aliases' && v !== null && typeof v === 'object') out[key] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([name, a]) => [name, aliasFromCode(a)]));
    else if (key === 'rules' && v !== null && typeof v === 'object') {
      out[key] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([name, def]) => [name, ruleFromCode(name, def, { ...here, path: [...here.path, name] })]));
    } else out[key] = v;
  }
  return out;
}

function extendsEntry(e: unknown, at: CodeAt): unknown {
  if (Array.isArray(e)) return [extendsEntry(e[0], { ...at, path: [...at.path, 0] }), ...e.slice(1)];
  if (typeof e === 'string') return e;
  const named = rulesetNameOf(e);
  if (named) return named;
  return { [inlineKey]: fromCode(e, at) };
}

/** A JavaScript ruleset's options as data: a regular expression (`notMatch: /x/i`) as the `/x/i` string Spectral also accepts. */
function plainOptions(value: unknown, depth: number): unknown {
  if (value instanceof RegExp) return String(value);
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => plainOptions(v, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, plainOptions(v, depth + 1)]));
}

/** An alias's per-format `targets`, their formats as names. */
function aliasFromCode(alias: unknown): unknown {
  if (alias === null || typeof alias !== 'object' || Array.isArray(alias)) return alias;
  const targets = (alias as Record<string, unknown>)['targets'];
  if (!Array.isArray(targets)) return alias;
  return { ...(alias as object), targets: targets.map((t: unknown) => (t !== null && typeof t === 'object' ? { ...(t as object), formats: formatsOf((t as Record<string, unknown>)['formats']) } : t)) };
}

function formatsOf(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  return v.map((f: unknown) => formatNameOf(f) ?? (typeof f === 'function' ? String((f as { displayName?: unknown }).displayName ?? f.name) : f));
}

function ruleFromCode(name: string, def: unknown, at: CodeAt): unknown {
  if (def === null || typeof def !== 'object' || Array.isArray(def)) return def;
  const out: Record<string, unknown> = { ...(def as Record<string, unknown>) };
  if ('formats' in out) out['formats'] = formatsOf(out['formats']);
  const then = out['then'];
  const one = (t: unknown, path: Array<string | number>): unknown => {
    if (t === null || typeof t !== 'object') return t;
    const entry: Record<string, unknown> = { ...(t as Record<string, unknown>) };
    if (entry['functionOptions'] !== undefined) entry['functionOptions'] = plainOptions(entry['functionOptions'], 0);
    const fn = entry['function'];
    if (typeof fn === 'function') {
      const core = coreNameOf(fn);
      entry['function'] = core ?? (fn.name || name);
      if (!core) at.codes.set(entry, codeRef(at.file, [...path, 'function'], at.hash));
    }
    return entry;
  };
  if (Array.isArray(then)) out['then'] = then.map((t: unknown, i) => one(t, [...at.path, 'then', i]));
  else if (then !== undefined) out['then'] = one(then, [...at.path, 'then']);
  return out;
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

/** An alias as written: a path, a list of them, or `{targets: [{formats, given}]}`. */
function aliasOf(alias: unknown): Alias | undefined {
  if (typeof alias === 'string') return [alias];
  if (Array.isArray(alias)) return alias.map(String);
  if (alias !== null && typeof alias === 'object') {
    const targets = (alias as Record<string, unknown>)['targets'];
    if (Array.isArray(targets)) {
      return (targets as Array<Record<string, unknown>>).map((t) => ({
        formats: Array.isArray(t['formats']) ? (t['formats'] as unknown[]).map(String) : [],
        given: Array.isArray(t['given']) ? (t['given'] as unknown[]).map(String) : [String(t['given'])],
      }));
    }
  }
  return undefined;
}

/** An alias's paths for a document of these formats: a per-format alias's first target that names one of them. */
function aliasPaths(alias: Alias, formats: readonly string[]): string[] {
  if (alias.every((a) => typeof a === 'string')) return alias as string[];
  const target = (alias as Array<{ formats: string[]; given: string[] }>).find((t) => t.formats.some((f) => formats.includes(f)));
  return target ? target.given : [];
}

/** `#Alias.rest` → each of the alias's paths (for a document of these formats) with `.rest` after it. */
function expandAliases(given: unknown, aliases: ReadonlyMap<string, Alias>, fail: Fail, formats: readonly string[]): unknown {
  if (given === undefined) return given;
  const out = expandList(given, aliases, fail, 0, { left: maxAliasPaths }, formats);
  return out.length === 1 ? out[0] : out;
}

/** Paths one `given` may expand to: aliases of aliases multiply (12 entries, 8 levels: 12^8). */
const maxAliasPaths = 1000;

function expandList(given: unknown, aliases: ReadonlyMap<string, Alias>, fail: Fail, depth: number, budget: { left: number }, formats: readonly string[]): unknown[] {
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
    for (const a of expandList(aliasPaths(alias, formats), aliases, fail, depth + 1, budget, formats)) {
      if (--budget.left < 0) throw fail(['given'], `'${g.slice(0, 100)}' expands to more than ${maxAliasPaths} paths through its aliases; use fewer levels of aliases.`);
      out.push(String(a) + m[2]);
    }
  });
  return out;
}

export { spectralKeys };

