import type { RuleLevel } from '../types.js';
import { compilePath, givenPaths, PathSyntaxError } from './jsonpath.js';
import { coreFunctionNames, optionSchemas, splitPattern } from './functions.js';
import { compileLinear } from '../text/linear-regex.js';
import { checkSchema } from './schema.js';
import { optionValidator } from './option-validators.js';
import { loadParsers, type Parsers } from './parsers.js';
import type { CodeRef, DeclarativeRuleSpec, DeclarativeThen } from './types.js';
import { errorPointer, errorText } from '../config-file/schema-errors.js';

/** Makes the error for a problem at `pointer` below the rule's entry (file:line:column). */
export type Fail = (pointer: string[], message: string) => Error;

const swaglintKeys = ['severity', 'description', 'message', 'given', 'then', 'resolved', 'documentationUrl'];
/** Keys a Spectral rule may have that swaglint reads (formats, recommended) or has no use for (type, tags). */
export const spectralOnlyKeys = ['formats', 'recommended', 'type', 'tags', 'extensions'];
const thenKeys = ['field', 'function', 'functionOptions'];
const levels: readonly RuleLevel[] = ['off', 'hint', 'info', 'warn', 'error'];

/** Whether a `rules` entry is a rule definition rather than a setting. */
export function isDefinition(setting: unknown): setting is Record<string, unknown> {
  return setting !== null && typeof setting === 'object' && !Array.isArray(setting) && ('given' in setting || 'then' in setting);
}

/** Checks a function's options against its schema; the problem, or undefined. */
function optionsProblem(fn: string, options: unknown): { pointer: string[]; message: string } | undefined {
  const schema = optionSchemas[fn];
  if (schema === null) return options === undefined || options === null ? undefined : { pointer: [], message: `the function '${fn}' takes no functionOptions` };
  if (schema === undefined) return undefined;
  const optional = Array.isArray(schema['type']) && (schema['type'] as unknown[]).includes('null');
  if (options === undefined || options === null) return optional ? undefined : { pointer: [], message: `the function '${fn}' needs functionOptions` };
  const validate = optionValidator(fn);
  if (validate(options)) return undefined;
  const e = validate.errors![0]!;
  const pointer = errorPointer(e);
  const at = pointer.length ? `'${pointer.join('.')}'` : 'functionOptions';
  return { pointer, message: `the ${fn} function's ${at} ${errorText(e)}` };
}

export interface ParseContext {
  fail: Fail;
  /** `file:line:column` of the rule's entry. */
  origin: string;
  /** A Spectral ruleset's rule: its extra keys are allowed, and its severity may be a number. */
  spectral?: boolean;
  /** Spectral's severity when the rule gives none. */
  defaultSeverity?: RuleLevel;
  /**
   * The ruleset's JavaScript functions, by the `then` entry that names one: given by the loader that
   * decided the code may run, never read from the entry itself (a YAML key must not name a module).
   */
  code?: WeakMap<object, CodeRef>;
}

/** Spectral's severities: names, or 0–3 (error, warn, info, hint). */
export function severityOf(value: unknown, spectral: boolean): RuleLevel | undefined {
  if (typeof value === 'string' && (levels as readonly string[]).includes(value)) return value as RuleLevel;
  if (spectral && typeof value === 'number') return (['error', 'warn', 'info', 'hint'] as const)[value];
  if (spectral && value === 'warning') return 'warn';
  if (spectral && value === 'information') return 'info';
  if (spectral && value === false) return 'off';
  return undefined;
}

/** A rule's `given` (a JSONPath or a list), checked, as the list of paths the engine matches. */
export async function parseGiven(id: string, givenRaw: unknown, fail: Fail): Promise<string[]> {
  const parsers = await loadParsers();
  if (givenRaw === undefined) throw fail([], `the rule '${id}' has no 'given': say where it applies, as a JSONPath such as "$.paths[*][*]".`);
  let givens: Array<[string, string[]]> = typeof givenRaw === 'string' ? [[givenRaw, ['given']]] : Array.isArray(givenRaw) ? givenRaw.map((g: unknown, i) => [g as string, ['given', String(i)]]) : [];
  // `$.definitions.~`, `$.x..`: the node and all below it, as JSONPath-Plus reads them
  givens = givens.flatMap(([g, pointer]) => (typeof g === 'string' ? givenPaths(g, parsers).map((p): [string, string[]] => [p, pointer]) : [[g, pointer]]));
  if (givens.length === 0) throw fail(['given'], `'given' of the rule '${id}' is a JSONPath or a list of them.`);
  for (const [g, pointer] of givens) {
    if (typeof g !== 'string') throw fail(pointer, `each 'given' of the rule '${id}' is a JSONPath string.`);
    try {
      compilePath(g, parsers);
    } catch (error) {
      if (error instanceof PathSyntaxError) throw fail(pointer, error.message + '.');
      throw error;
    }
  }
  return givens.map(([g]) => g);
}

/** Validates a rule definition and returns it as a spec; every problem is one error at its place. */
export async function parseDefinition(id: string, raw: Record<string, unknown>, ctx: ParseContext): Promise<DeclarativeRuleSpec> {
  const { fail } = ctx;
  const parsers = await loadParsers();
  const allowed = ctx.spectral ? [...swaglintKeys, ...spectralOnlyKeys] : swaglintKeys;
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) throw fail([key], `unknown key '${key}' in the rule '${id}'; a rule has ${swaglintKeys.join(', ')}.`);
  }
  let severity: RuleLevel = ctx.defaultSeverity ?? 'warn';
  if (raw['severity'] !== undefined) {
    const s = severityOf(raw['severity'], ctx.spectral === true);
    if (s === undefined) throw fail(['severity'], `'${String(raw['severity'])}' is not a severity for '${id}'; use one of ${levels.join(', ')}.`);
    severity = s;
  }
  for (const key of ['description', 'message', 'documentationUrl'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'string') throw fail([key], `'${key}' of the rule '${id}' is a string.`);
  }
  if (raw['resolved'] !== undefined && typeof raw['resolved'] !== 'boolean') throw fail(['resolved'], `'resolved' of the rule '${id}' is true or false.`);

  const given = await parseGiven(id, raw['given'], fail);

  const thenRaw = raw['then'];
  if (thenRaw === undefined) throw fail([], `the rule '${id}' has no 'then': say what to check, such as {field: description, function: truthy}.`);
  const thenList: Array<[unknown, string[]]> = Array.isArray(thenRaw) ? thenRaw.map((t: unknown, i) => [t, ['then', String(i)]]) : [[thenRaw, ['then']]];
  if (thenList.length === 0) throw fail(['then'], `'then' of the rule '${id}' is empty.`);
  const then: DeclarativeThen[] = [];
  for (const [t, pointer] of thenList) {
    if (t === null || typeof t !== 'object' || Array.isArray(t)) throw fail(pointer, `each 'then' of the rule '${id}' is a mapping with field, function and functionOptions.`);
    const entry = t as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      // Spectral itself ignores other keys in `then` (rulesets carry a stray `message` there)
      if (!thenKeys.includes(key) && !ctx.spectral) throw fail([...pointer, key], `unknown key '${key}' in 'then' of the rule '${id}'; it has ${thenKeys.join(', ')}.`);
    }
    const fn = entry['function'];
    if (typeof fn !== 'string') throw fail(pointer, `'then' of the rule '${id}' needs a function: one of ${coreFunctionNames.join(', ')}.`);
    const code = ctx.code?.get(entry);
    if (code && !coreFunctionNames.includes(fn)) {
      const out: DeclarativeThen = { function: fn, code };
      if (typeof entry['field'] === 'string') out.field = entry['field'];
      if (entry['functionOptions'] !== undefined && entry['functionOptions'] !== null) out.functionOptions = entry['functionOptions'] as Record<string, unknown>;
      checkField(out.field, pointer, parsers, fail);
      then.push(out);
      continue;
    }
    if (!coreFunctionNames.includes(fn)) throw fail([...pointer, 'function'], `'${fn}' is not a function swaglint has; use one of ${coreFunctionNames.join(', ')}.`);
    const field = entry['field'];
    if (field !== undefined && typeof field !== 'string') throw fail([...pointer, 'field'], `'field' is a property name, '@key' or a JSONPath.`);
    checkField(field, pointer, parsers, fail);
    const options = entry['functionOptions'];
    const problem = optionsProblem(fn, options);
    if (problem) throw fail([...pointer, 'functionOptions', ...problem.pointer], problem.message + '.');
    if (fn === 'pattern') {
      for (const k of ['match', 'notMatch']) {
        const p = (options as Record<string, unknown>)[k];
        if (typeof p === 'string') {
          const compiled = compileLinear(...splitPattern(p));
          if (!compiled.ok && compiled.kind === 'invalid') {
            throw fail([...pointer, 'functionOptions', k], `'${p}' is not a valid regular expression: ${compiled.reason}.`);
          }
        }
      }
    }
    if (fn === 'schema') {
      const why = await checkSchema(options as Record<string, unknown>);
      if (why) throw fail([...pointer, 'functionOptions', 'schema'], `the schema does not compile: ${why}.`);
    }
    const out: DeclarativeThen = { function: fn };
    if (field !== undefined) out.field = field;
    if (options !== undefined && options !== null) out.functionOptions = options as Record<string, unknown>;
    then.push(out);
  }
  const spec: DeclarativeRuleSpec = { id, severity, given, then, origin: ctx.origin };
  if (typeof raw['description'] === 'string') spec.description = raw['description'];
  if (typeof raw['message'] === 'string') spec.message = raw['message'];
  if (raw['resolved'] === false) spec.resolved = false;
  if (ctx.spectral) spec.spectral = true;
  if (typeof raw['documentationUrl'] === 'string') spec.documentationUrl = raw['documentationUrl'];
  return spec;
}

/** A JSONPath `field` must compile (a plain property name or `@key` always does). */
function checkField(field: string | undefined, pointer: string[], parsers: Parsers, fail: Fail): void {
  if (field === undefined || !field.startsWith('$')) return;
  try {
    compilePath(field, parsers, { field: true });
  } catch (error) {
    if (error instanceof PathSyntaxError) throw fail([...pointer, 'field'], error.message + '.');
    throw error;
  }
}
