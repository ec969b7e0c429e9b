import path from 'node:path';
import { closest, distance } from '../text/edit-distance.js';
import type { RuleLevel } from '../types.js';
import type { AnyRule } from '../lint/rule.js';
import type { PresetName } from '../lint/presets.js';
import type { Source } from '../load/source.js';
import { builtinRules } from '../../rules/index.js';
import { CodeNotAllowed, configError } from '../config-file/config-error.js';
import { UserError } from '../errors.js';
import { readConfigFile, type ConfigText } from '../config-file/read-config-file.js';
import { resolveModule } from '../config-file/resolve-module.js';
import { loadPlugin } from './load-plugins.js';
import { OptionsValidator } from './validate-options.js';
import type { Config, IgnoreList, Override, RuleSetting } from './types.js';
import type { DeclarativeRuleSpec } from '../declarative/types.js';
import { declarativeRules } from '../declarative/rule.js';
import { isDefinition, parseDefinition } from '../declarative/validate.js';
import { isSpectralRuleset, readSpectralRuleset, type RulesetLayer } from '../declarative/spectral.js';

export const ruleLevels: readonly RuleLevel[] = ['off', 'hint', 'info', 'warn', 'error'];
const topKeys = ['$schema', 'extends', 'plugins', 'rules', 'overrides', 'ignores'];
const overrideKeys = ['files', 'paths', 'rules'];
const presets: Record<string, PresetName> = { 'swaglint:recommended': 'recommended', 'swaglint:all': 'all' };

/** A place in a config file, for messages. */
interface Where {
  file: string;
  source: Source | undefined;
  pointer: string[];
  /** The run's working directory, which messages show the file relative to. */
  cwd: string | undefined;
}

/** A `rules` entry, checked once every plugin of the chain is loaded (a plugin may define the id). */
interface PendingRule {
  where: Where;
  id: string;
  setting: unknown;
  pathScoped: boolean;
}

interface Layer {
  preset?: PresetName;
  rules: Record<string, RuleSetting>;
  plugins: AnyRule[];
  pluginFrom: Map<string, string>;
  /** The module file of each plugin, in the order they were named (the config's `plugins`). */
  pluginFiles: string[];
  overrides: Override[];
  files: string[];
  pending: PendingRule[];
  /** Rules defined as data (`given`/`then`), from this file or a Spectral ruleset, by id. */
  declarative: DeclarativeRuleSpec[];
  /** What a Spectral ruleset has that swaglint cannot run, said once per run. */
  notices: string[];
  /** `ignores:` of each file of the chain, with the folder its patterns are relative to. */
  ignores: IgnoreList[];
}

export interface LoadConfigOptions {
  /**
   * Whether the configuration may run code: a JavaScript config (itself or through `extends`) and
   * `plugins`. Default true (the CLI, run by the user on purpose); the language server passes false
   * for a workspace the editor has not trusted, and a config that needs code is then refused.
   */
  allowCode?: boolean;
  /** The run's working directory: messages show files relative to it (absolute when not given). */
  cwd?: string;
}

// in config-error.ts, where a Spectral ruleset's loader finds it too
export { CodeNotAllowed } from '../config-file/config-error.js';

/** Reads a configuration file, follows `extends`, loads plugins and validates it all. */
export async function loadConfig(file: string, options: LoadConfigOptions = {}): Promise<Config> {
  // a relative name is the caller's, relative to the working directory it gave, not the process's
  const absolute = options.cwd === undefined ? path.resolve(file) : path.resolve(options.cwd, file);
  const layer = await readLayer(absolute, [], options.allowCode !== false, options.cwd);
  await checkRules(layer);
  const config: Config = { rules: layer.rules, files: layer.files };
  if (layer.preset) config.preset = layer.preset;
  if (layer.pluginFiles.length) config.plugins = layer.pluginFiles;
  if (layer.overrides.length) config.overrides = layer.overrides;
  if (layer.declarative.length) config.declarative = layer.declarative;
  if (layer.notices.length) config.notices = [...new Set(layer.notices)];
  if (layer.ignores.length) config.ignores = layer.ignores;
  return config;
}

/** A did-you-mean suffix, when a candidate is close enough to be the intended word. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  if (candidates.length === 0) return '';
  const best = closest(word, candidates as string[]);
  return distance(word, best) <= Math.max(2, Math.floor(word.length / 3)) ? `; did you mean '${best}'?` : '.';
}

function emptyLayer(): Layer {
  return { rules: {}, plugins: [], pluginFrom: new Map(), pluginFiles: [], overrides: [], files: [], pending: [], declarative: [], notices: [], ignores: [] };
}

/** Configuration files one search may read, counting repeats: see the same limit on Spectral rulesets. */
const maxConfigFiles = 100;

async function readLayer(file: string, chain: readonly string[], allowCode: boolean, cwd: string | undefined, budget = { left: maxConfigFiles }): Promise<Layer> {
  if (chain.includes(file)) {
    const cycle = [...chain.slice(chain.indexOf(file)), file].map((f) => path.basename(f)).join(' → ');
    throw configError(chain[chain.length - 1]!, `'extends' makes a cycle: ${cycle}; remove one of these.`, undefined, cwd);
  }
  if (--budget.left < 0) throw configError(chain[0] ?? file, `'extends' reaches configurations more than ${maxConfigFiles} times (the same files named over and over?); extend each once.`, undefined, cwd);
  if (!allowCode && !/\.(ya?ml|json)$/i.test(file)) throw new CodeNotAllowed(chain[0] ?? file, chain.length ? `it extends the JavaScript configuration ${file}` : 'it is a JavaScript configuration');
  const text = await readConfigFile(file, cwd);
  const value = text.value;
  const at = (pointer: string[]): Where => ({ file, source: text.source, pointer, cwd });
  const fail = (where: Where, message: string) => configError(where.file, message, where.source ? { source: where.source, pointer: where.pointer } : undefined, where.cwd);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fail(at([]), 'a configuration is a mapping with keys such as extends, rules and overrides.');
  // a key left with only commented-out entries under it (`rules:`) is null: the same as absent
  const raw = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null));
  for (const key of Object.keys(raw)) {
    if (!topKeys.includes(key)) throw fail(at([key]), `unknown key '${key}'${didYouMean(key, topKeys)}`.replace(/\.$/, `; the keys are ${topKeys.slice(1).join(', ')}.`));
  }
  const dir = path.dirname(file);
  const layer = emptyLayer();

  for (const [spec, pointer] of stringList(raw, 'extends', at, fail)) {
    if (spec.startsWith('swaglint:')) {
      const name = presets[spec];
      if (!name) throw fail(at(pointer), `unknown preset '${spec}'${didYouMean(spec, Object.keys(presets))}`);
      layer.preset = name;
      continue;
    }
    const target = resolveModule(spec, dir);
    if (!target) throw fail(at(pointer), `'extends' names '${spec}', which is not found from ${dir}; give a path relative to this file, a package, or swaglint:recommended.`);
    if (await isSpectralRuleset(target)) {
      merge(layer, fromRuleset(await readSpectralRuleset(target, locationOf(at(pointer)), { allowCode, cwd })), fail, at(pointer));
      continue;
    }
    merge(layer, await readLayer(target, [...chain, file], allowCode, cwd, budget), fail, at(pointer));
  }

  const own = emptyLayer();
  const plugins = stringList(raw, 'plugins', at, fail);
  if (!allowCode && plugins.length) throw new CodeNotAllowed(chain[0] ?? file, `it loads plugins (${plugins.map(([spec]) => spec).join(', ')})`);
  for (const [spec, pointer] of plugins) {
    const where = at(pointer);
    const rules = await loadPlugin(spec, dir, locationOf(where));
    for (const rule of rules) addPlugin(own, rule, spec, where, fail);
    addPluginFile(own, resolveModule(spec, dir)!); // loadPlugin found it
  }
  if (raw['rules'] !== undefined) {
    own.rules = collectRules(raw['rules'], at(['rules']), false, own.pending, fail);
    await collectDefinitions(own, at(['rules']), fail);
  }

  const overrides = raw['overrides'];
  if (overrides !== undefined) {
    if (!Array.isArray(overrides)) throw fail(at(['overrides']), "'overrides' is a list of { files, paths, rules } entries.");
    overrides.forEach((entry: unknown, i) => {
      const base = ['overrides', String(i)];
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw fail(at(base), 'an override is a mapping with files, paths and rules.');
      const o = entry as Record<string, unknown>;
      for (const key of Object.keys(o)) {
        if (!overrideKeys.includes(key)) throw fail(at([...base, key]), `unknown key '${key}' in an override${didYouMean(key, overrideKeys)}`);
      }
      const files = stringList(o, 'files', (p) => at([...base, ...p]), fail).map(([s]) => s);
      const paths = stringList(o, 'paths', (p) => at([...base, ...p]), fail).map(([s]) => s);
      for (const [i2, p] of paths.entries()) {
        if (!p.startsWith('/')) throw fail(at([...base, 'paths', String(i2)]), `the API path pattern '${p}' does not start with '/'; write '/${p}'.`);
      }
      if (o['rules'] === undefined) throw fail(at(base), 'an override needs rules.');
      const rules = collectRules(o['rules'], at([...base, 'rules']), paths.length > 0, own.pending, fail);
      for (const [id, setting] of Object.entries(rules)) {
        if (isDefinition(setting)) throw fail(at([...base, 'rules', id]), `the rule '${id}' is defined in an override; define it in the file-level rules and set its severity here.`);
      }
      const override: Override = { rules, base: dir };
      if (files.length) override.files = files;
      if (paths.length) override.paths = paths;
      own.overrides.push(override);
    });
  }
  const ignores = stringList(raw, 'ignores', at, fail).map(([pattern]) => pattern);
  if (ignores.length) own.ignores.push({ base: dir, patterns: ignores });
  own.files.push(file);
  merge(layer, own, fail, at([]));
  layer.files = [file, ...layer.files.filter((f) => f !== file)];
  return layer;
}

/** `key: a` or `key: [a, b]`, each with its pointer. */
function stringList(raw: Record<string, unknown>, key: string, at: (p: string[]) => Where, fail: (w: Where, m: string) => Error): Array<[string, string[]]> {
  const value = raw[key];
  if (value === undefined) return [];
  if (typeof value === 'string') return [[value, [key]]];
  if (!Array.isArray(value)) throw fail(at([key]), `'${key}' is a string or a list of strings.`);
  return value.map((item: unknown, i) => {
    if (typeof item !== 'string') throw fail(at([key, String(i)]), `each entry of '${key}' is a string.`);
    return [item, [key, String(i)]];
  });
}

/** A `rules` mapping, shape-checked now; ids, severities and options are checked once plugins are known. */
function collectRules(value: unknown, where: Where, pathScoped: boolean, pending: PendingRule[], fail: (w: Where, m: string) => Error): Record<string, RuleSetting> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fail(where, "'rules' is a mapping from rule id to a severity (off, hint, info, warn, error) or [severity, options].");
  const out: Record<string, RuleSetting> = {};
  for (const [id, setting] of Object.entries(value as Record<string, unknown>)) {
    pending.push({ where: { ...where, pointer: [...where.pointer, id] }, id, setting, pathScoped });
    out[id] = setting as RuleSetting; // replaced by the checked value in checkRules
  }
  return out;
}

function addPlugin(layer: Layer, rule: AnyRule, spec: string, where: Where, fail: (w: Where, m: string) => Error): void {
  const id = rule.meta.id;
  if (builtinRules.some((r) => r.meta.id === id)) throw fail(where, `the plugin '${spec}' defines the rule '${id}', which is a built-in rule; give it another id.`);
  const other = layer.pluginFrom.get(id);
  if (other !== undefined && layer.plugins.find((r) => r.meta.id === id) !== rule) {
    throw fail(where, `the plugin '${spec}' defines the rule '${id}', which the plugin '${other}' defines too; rule ids must be unique.`);
  }
  if (other === undefined) {
    layer.plugins.push(rule);
    layer.pluginFrom.set(id, spec);
  }
}

function addPluginFile(layer: Layer, file: string): void {
  if (!layer.pluginFiles.includes(file)) layer.pluginFiles.push(file);
}

/** `later` over `earlier`: a preset replaces, rules merge by id (a bare severity keeps earlier options), lists append. */
function merge(earlier: Layer, later: Layer, fail: (w: Where, m: string) => Error, where: Where): void {
  if (later.preset) earlier.preset = later.preset;
  for (const rule of later.plugins) addPlugin(earlier, rule, later.pluginFrom.get(rule.meta.id)!, where, fail);
  for (const file of later.pluginFiles) addPluginFile(earlier, file);
  for (const [id, setting] of Object.entries(later.rules)) earlier.rules[id] = setting;
  earlier.overrides.push(...later.overrides);
  earlier.files.push(...later.files);
  earlier.pending.push(...later.pending);
  for (const spec of later.declarative) {
    const i = earlier.declarative.findIndex((d) => d.id === spec.id);
    if (i === -1) earlier.declarative.push(spec);
    else earlier.declarative[i] = spec; // a later definition replaces an earlier one of the same id
  }
  earlier.notices.push(...later.notices);
  earlier.ignores.push(...later.ignores);
}

/**
 * The rule definitions (`given`/`then`) among a file's `rules`: each is validated now, at its
 * file:line:column, and becomes a spec; its entry becomes its severity, like any rule's setting.
 */
async function collectDefinitions(layer: Layer, where: Where, fail: (w: Where, m: string) => Error): Promise<void> {
  for (const entry of layer.pending) {
    if (!isDefinition(entry.setting)) continue;
    const { id } = entry;
    const at = (pointer: string[]): Where => ({ ...where, pointer: [...entry.where.pointer, ...pointer] });
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*(\/[a-z][a-z0-9]*(-[a-z0-9]+)*)?$/.test(id)) throw fail(at([]), `the rule id '${id}' is not kebab-case; write it like acme/operation-owner.`);
    if (builtinRules.some((r) => r.meta.id === id)) throw fail(at([]), `'${id}' is a built-in rule; give your rule another id, such as acme/${id}.`);
    const spec = await parseDefinition(id, entry.setting, { fail: (p, m) => fail(at(p), m), origin: locationOf(at([])) });
    const i = layer.declarative.findIndex((d) => d.id === id);
    if (i === -1) layer.declarative.push(spec);
    else layer.declarative[i] = spec;
    entry.setting = spec.severity;
    layer.rules[id] = spec.severity;
  }
}

/** A Spectral ruleset's rules, as a layer of this configuration. */
function fromRuleset(r: RulesetLayer): Layer {
  const layer = emptyLayer();
  layer.declarative.push(...r.declarative);
  // settings come checked from the ruleset (ids it defines, built-in rules it maps to)
  Object.assign(layer.rules, r.rules);
  layer.overrides.push(...r.overrides);
  layer.files.push(...r.files);
  layer.notices.push(...r.notices);
  return layer;
}

function locationOf(where: Where): string {
  const err = configError(where.file, '', where.source ? { source: where.source, pointer: where.pointer } : undefined, where.cwd);
  return err.message.replace(/: $/, '');
}

/** Every rule entry of the chain: a known id, a severity, options that fit the rule's schema. */
async function checkRules(layer: Layer): Promise<void> {
  const known = new Map<string, AnyRule>([...builtinRules, ...layer.plugins, ...declarativeRules(layer.declarative)].map((r) => [r.meta.id, r]));
  const validator = new OptionsValidator();
  const checked = new Map<PendingRule, RuleSetting>();
  for (const entry of layer.pending) {
    const { where, id, setting } = entry;
    const fail = (pointer: string[], message: string) =>
      configError(where.file, message, where.source ? { source: where.source, pointer: [...where.pointer, ...pointer] } : undefined, where.cwd);
    const rule = known.get(id);
    if (!rule) throw fail([], `unknown rule '${id}'${didYouMean(id, [...known.keys()])}`.replace(/\.$/, '; swaglint rules lists them.'));
    const [level, options] = Array.isArray(setting) ? [setting[0], setting[1]] : [setting, undefined];
    const severityAt = Array.isArray(setting) ? ['0'] : [];
    if (Array.isArray(setting) && (setting.length < 1 || setting.length > 2)) throw fail([], `the setting of '${id}' is [severity] or [severity, options].`);
    if (typeof level !== 'string' || !(ruleLevels as readonly string[]).includes(level)) {
      throw fail(severityAt, `'${String(level)}' is not a severity for '${id}'; use one of ${ruleLevels.join(', ')}.`);
    }
    if (options !== undefined) {
      if (entry.pathScoped) throw fail(['1'], `options for '${id}' cannot vary by API path (the rule runs once per document); set them in the file-level rules.`);
      const problem = await validator.check(rule, options);
      if (problem) throw fail(['1', ...problem.pointer], problem.message + '.');
    }
    checked.set(entry, options === undefined ? (level as RuleLevel) : [level as RuleLevel, options as Record<string, unknown>]);
  }
  // settings were collected raw; replace them with the checked ones, keeping the merge order
  for (const entry of layer.pending) {
    const value = checked.get(entry)!;
    if (layer.rules[entry.id] === entry.setting) layer.rules[entry.id] = value;
    for (const o of layer.overrides) if (o.rules[entry.id] === entry.setting) (o.rules as Record<string, RuleSetting>)[entry.id] = value;
  }
}

export type { ConfigText };
