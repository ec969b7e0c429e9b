// Whether a value fits a Swagger 2.0 schema (or a non-body parameter, header or items object, which
// carry the same keywords), or an OpenAPI 3.0 or 3.1 Schema Object: the keywords that a `default`,
// `example` or `enum` value can break. A small
// check rather than ajv: a document holds thousands of distinct small schemas, each used for one or two
// values, so compiling each costs more than checking; and `$ref`s must follow our loader across files.
import { clip, preview } from '../text/quote.js';
import type { RegexCache } from '../text/regex-cache.js';
import { isObject } from '../json.js';

type Json = Record<string, unknown>;

export interface Mismatch {
  /** Where inside the value: '' for the value itself, `.name`, `[2]`. */
  at: string;
  /** What is wrong, to follow "is": `a string, not an integer (type: integer)`. */
  reason: string;
}

export interface CheckContext {
  regexes: RegexCache;
  /** What a `$ref` written in file `uri` names, or undefined when it does not resolve (then nothing is checked). */
  deref(ref: string, uri: string): { schema: Json; uri: string } | undefined;
}


export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'string': return typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    case 'array': return Array.isArray(value);
    case 'object': return isObject(value);
    case 'null': return value === null;
    default: return true; // `file` and unknown types: the schema rules judge the type itself
  }
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function validDate(text: string): boolean {
  const m = datePattern.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days[mo - 1]!;
}

/** The formats whose meaning Swagger 2.0 fixes; others (`email`, `uri`, custom ones) are left alone. */
function formatProblem(value: unknown, format: string): string | undefined {
  if (typeof value === 'number') {
    if (format === 'int32' && (value < -2147483648 || value > 2147483647)) return 'outside the int32 range';
    if (format === 'int64' && Math.abs(value) > 9223372036854775807) return 'outside the int64 range';
    // go-openapi's unsigned formats: their one unambiguous meaning is "not negative"
    if (/^uint(8|16|32|64)?$/.test(format) && value < 0) return `negative, but format: ${format} is unsigned`;
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (format === 'date' && !validDate(value)) return 'not a date (format: date, as in 2024-01-31)';
  if (format === 'date-time') {
    const m = dateTimePattern.exec(value);
    if (!m || !validDate(m[1]!) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 60) return 'not a date-time (format: date-time, as in 2024-01-31T12:00:00Z)';
  }
  return undefined;
}

/**
 * JSON with object keys sorted: two values are equal as JSON Schema's `enum` and `uniqueItems` mean
 * it exactly when their canonical texts are, so a Set of texts answers in one lookup what comparing
 * with each member answered in a pass (an enum of 100,000 values, a default of 30,000 items).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Json)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Each enum list's members as canonical texts, made once per list however many values it judges. */
const enumSets = new WeakMap<unknown[], Set<string>>();

function inEnum(list: unknown[], value: unknown): boolean {
  let set = enumSets.get(list);
  if (!set) {
    set = new Set(list.map(canonicalJson));
    enumSets.set(list, set);
  }
  return set.has(canonicalJson(value));
}

function hasRepeats(list: unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of list) {
    const text = canonicalJson(item);
    if (seen.has(text)) return true;
    seen.add(text);
  }
  return false;
}

const separators: Record<string, string> = { csv: ',', ssv: ' ', tsv: '\t', pipes: '|' };

export interface CheckOptions {
  /** The file the schema is written in, against which its `$ref`s resolve. */
  uri: string;
  /** Skip the schema's own `enum` (when checking the enum's members themselves). */
  skipEnum?: boolean;
  /** A parameter, header or items object: an array may be written as its serialized string (`a,b`). */
  simple?: boolean;
  /** Check `required`; a missing property that declares its own `default` counts as present. */
  required?: boolean;
  /**
   * An OpenAPI 3 Schema Object (absent: Swagger 2.0). 3.0 adds `nullable`; 3.1 is JSON Schema 2020-12, with
   * `const` and numeric `exclusiveMinimum`/`exclusiveMaximum`. In both, a required property that is
   * `readOnly` or `writeOnly` may be missing: an example cannot say whether it is a request or a response.
   */
  dialect?: 'oas3.0' | 'oas3.1';
}

/**
 * The (schema, value) pairs one check has entered. A pair entered again is either being checked
 * further up (a cycle: `allOf` naming its own schema) or was checked and fitted (a mismatch ends the
 * whole check), so it adds nothing: this keeps the cost proportional to schema times value, where
 * `allOf: [A, A]` inside A was exponential.
 */
type Visited = Map<Json, Set<unknown>>;

/** Whether a property's schema (its `$ref` followed once) is `readOnly` or `writeOnly`. */
function oneWay(ctx: CheckContext, schema: unknown, uri: string): boolean {
  if (!isObject(schema)) return false;
  const target = typeof schema['$ref'] === 'string' ? ctx.deref(schema['$ref'], uri)?.schema : schema;
  return target !== undefined && (target['readOnly'] === true || target['writeOnly'] === true);
}

/** A mismatch as the clause that follows "does not fit its schema: ". */
export function misfitClause(found: Mismatch): string {
  return `it is${found.at === '' ? '' : ` (at ${clip(found.at.replace(/^\./, ''))})`} ${found.reason}`;
}

const show = (value: unknown) => preview(value, 40);

/**
 * The messages of a value that does not fit its schema, by id (value-fits-schema's `meta.messages`):
 * one text whichever format the value is written in.
 */
export const misfitMessages = {
  misfit: '{{label}} {{value}} does not fit its schema: {{clause}}; change the value, or the schema, so that they agree.',
  exampleMisfit: '{{label}} {{value}} does not fit its schema: {{clause}}; change the example to one the schema accepts.',
  enumMember: 'The enum value {{value}} does not fit its schema: {{clause}}; change the value, or the schema, so that they agree.',
  enumMembers: "{{count}} of this enum's {{total}} values do not fit its schema; the first, {{value}}: {{clause}}; change the values, or the schema, so that they agree.",
} as const;

export interface MisfitReport {
  messageId: keyof typeof misfitMessages;
  data: Record<string, string | number>;
}

/** The finding for a `default` or example that does not fit its schema. */
export function misfitReport(label: string, value: unknown, found: Mismatch, example: boolean): MisfitReport {
  return { messageId: example ? 'exampleMisfit' : 'misfit', data: { label, value: show(value), clause: misfitClause(found) } };
}

/**
 * The one finding for an enum's misfits, at its first: an enum of 2,000 values written for the wrong type
 * is one mistake, not 2,000 (issue 30).
 */
export function enumMisfitReport(misfits: number, total: number, first: unknown, found: Mismatch): MisfitReport {
  const data = { value: show(first), clause: misfitClause(found) };
  return misfits === 1 ? { messageId: 'enumMember', data } : { messageId: 'enumMembers', data: { ...data, count: misfits, total } };
}

/** The first way `value` does not fit `schema`, or undefined when it fits. */
export function checkValue(ctx: CheckContext, value: unknown, schema: Json, options: CheckOptions, at = ''): Mismatch | undefined {
  // a Map, not a WeakMap: it lives for one check, and a WeakMap per checked value cost the collector
  // (ephemeron tables) more than the check itself on a document of many examples
  const visited: Visited = new Map();
  const checkValue = (v: unknown, s: Json, o: CheckOptions, a: string, d: number): Mismatch | undefined => check(checkValue, ctx, v, s, o, a, d, visited);
  return checkValue(value, schema, options, at, 0);
}

type Recurse = (value: unknown, schema: Json, options: CheckOptions, at: string, depth: number) => Mismatch | undefined;

function check(checkValue: Recurse, ctx: CheckContext, value: unknown, schema: Json, options: CheckOptions, at: string, depth: number, visited: Visited): Mismatch | undefined {
  if (depth > 64) return undefined; // deeper than any real schema; the stack stays small
  let values = visited.get(schema);
  if (!values) visited.set(schema, (values = new Set()));
  if (values.has(value)) return undefined;
  values.add(value);
  if (typeof schema['$ref'] === 'string') {
    const target = ctx.deref(schema['$ref'], options.uri);
    return target ? checkValue(value, target.schema, { ...options, uri: target.uri }, at, depth + 1) : undefined;
  }
  const { dialect } = options;
  const nested = { uri: options.uri, simple: options.simple, required: options.required, dialect }; // children check their own enum
  const type = schema['type'];
  const nullable = schema['x-nullable'] === true || (dialect === 'oas3.0' && schema['nullable'] === true);
  if (value === null && (nullable || type === 'null' || (Array.isArray(type) && type.includes('null')))) return undefined;
  if (options.simple && type === 'array' && typeof value === 'string') {
    const sep = separators[String(schema['collectionFormat'] ?? 'csv')];
    // The serialized form's items are text: `1,2` for integers is [1, 2].
    const itemType = isObject(schema['items']) ? schema['items']['type'] : undefined;
    const numeric = itemType === 'integer' || itemType === 'number';
    if (sep !== undefined) value = value === '' ? [] : value.split(sep).map((s) => (numeric && s.trim() !== '' && !Number.isNaN(Number(s)) ? Number(s) : s));
  }
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
  if (types.length > 0 && !types.some((t) => fitsType(value, t))) {
    return { at, reason: `${describe(value)}, not ${types.map((t) => (t === 'integer' || t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`)).join(' or ')} (type: ${types.join(', ')})` };
  }
  // A string given for a simple-type number (`default: '10'` on `type: integer`) was caught above.
  if (!options.skipEnum && Array.isArray(schema['enum']) && !inEnum(schema['enum'], value)) {
    return { at, reason: `not one of the enum values (${schema['enum'].slice(0, 8).map((e) => preview(e, 40)).join(', ')}${schema['enum'].length > 8 ? ', …' : ''})` };
  }
  if (dialect === 'oas3.1' && 'const' in schema && canonicalJson(schema['const']) !== canonicalJson(value)) return { at, reason: `not the const value ${preview(schema['const'], 40)}` };
  if (typeof schema['format'] === 'string') {
    const problem = formatProblem(value, schema['format']);
    if (problem) return { at, reason: problem };
  }
  if (typeof value === 'string') {
    if (typeof schema['pattern'] === 'string') {
      const compiled = ctx.regexes.get(schema['pattern']);
      if (compiled.ok && !compiled.test(value)) return { at, reason: `not matched by its pattern ${clip(schema['pattern'])}` };
    }
    const { minLength, maxLength } = schema;
    // code points, counted only where a limit asks: examples carry long texts
    const length = typeof minLength === 'number' || typeof maxLength === 'number' ? [...value].length : 0;
    if (typeof minLength === 'number' && length < minLength) return { at, reason: `${length} characters long, shorter than minLength ${schema['minLength']}` };
    if (typeof maxLength === 'number' && length > maxLength) return { at, reason: `${length} characters long, longer than maxLength ${schema['maxLength']}` };
  }
  if (typeof value === 'number') {
    const { minimum, maximum, multipleOf } = schema;
    if (typeof minimum === 'number' && (schema['exclusiveMinimum'] === true ? value <= minimum : value < minimum)) return { at, reason: `below the ${schema['exclusiveMinimum'] === true ? 'exclusive ' : ''}minimum ${minimum}` };
    if (typeof maximum === 'number' && (schema['exclusiveMaximum'] === true ? value >= maximum : value > maximum)) return { at, reason: `above the ${schema['exclusiveMaximum'] === true ? 'exclusive ' : ''}maximum ${maximum}` };
    const { exclusiveMinimum: below, exclusiveMaximum: above } = schema;
    if (dialect === 'oas3.1' && typeof below === 'number' && value <= below) return { at, reason: `not above the exclusive minimum ${below}` };
    if (dialect === 'oas3.1' && typeof above === 'number' && value >= above) return { at, reason: `not below the exclusive maximum ${above}` };
    if (typeof multipleOf === 'number' && multipleOf > 0 && Math.abs(value / multipleOf - Math.round(value / multipleOf)) > 1e-9) return { at, reason: `not a multiple of ${multipleOf}` };
  }
  if (Array.isArray(value)) {
    if (typeof schema['minItems'] === 'number' && value.length < schema['minItems']) return { at, reason: `${value.length} items, fewer than minItems ${schema['minItems']}` };
    if (typeof schema['maxItems'] === 'number' && value.length > schema['maxItems']) return { at, reason: `${value.length} items, more than maxItems ${schema['maxItems']}` };
    if (schema['uniqueItems'] === true && hasRepeats(value)) return { at, reason: 'a list with repeated items (uniqueItems: true)' };
    const items = schema['items'];
    if (isObject(items)) {
      for (let i = 0; i < value.length; i++) {
        const found = checkValue(value[i], items, nested, `${at}[${i}]`, depth + 1);
        if (found) return found;
      }
    }
  }
  if (isObject(value)) {
    const props = isObject(schema['properties']) ? schema['properties'] : {};
    if (options.required && Array.isArray(schema['required'])) {
      // a property with its own default is filled in by the default when missing (go-openapi does too)
      const missing = schema['required'].find((name) => typeof name === 'string' && !Object.hasOwn(value, name) && !(Object.hasOwn(props, name) && isObject(props[name]) && 'default' in props[name]) && !(dialect && oneWay(ctx, props[name], options.uri)));
      if (typeof missing === 'string') return { at, reason: `missing the required property '${clip(missing)}'` };
    }
    for (const [name, sub] of Object.entries(props)) {
      if (!Object.hasOwn(value, name) || !isObject(sub)) continue;
      const found = checkValue(value[name], sub, { uri: options.uri, required: options.required, dialect }, `${at}.${name}`, depth + 1);
      if (found) return found;
    }
    const extra = schema['additionalProperties'];
    // 3.1 (JSON Schema 2020-12): a name a patternProperties key matches is not additional, and fits that
    // pattern's schema; a pattern values cannot be matched against (a lookahead) matches every name
    const patterns = dialect === 'oas3.1' && isObject(schema['patternProperties']) ? Object.entries(schema['patternProperties']).map(([p, sub]) => [ctx.regexes.get(p), sub] as const) : [];
    for (const name of Object.keys(value)) {
      if (Object.hasOwn(props, name)) continue;
      let matched = false;
      for (const [pattern, sub] of patterns) {
        if (pattern.ok && !pattern.test(name)) continue;
        matched = true;
        const found = pattern.ok && isObject(sub) ? checkValue(value[name], sub, { uri: options.uri, required: options.required, dialect }, `${at}.${name}`, depth + 1) : undefined;
        if (found) return found;
      }
      if (matched) continue;
      // with allOf, the members declare properties too: only the schema rules judge that combination
      if (extra === false && !Array.isArray(schema['allOf'])) return { at, reason: `carrying '${clip(name)}', which is not a declared property (additionalProperties: false)` };
      if (isObject(extra)) {
        const found = checkValue(value[name], extra, { uri: options.uri, required: options.required, dialect }, `${at}.${name}`, depth + 1);
        if (found) return found;
      }
    }
  }
  if (Array.isArray(schema['allOf'])) {
    for (const member of schema['allOf']) {
      if (!isObject(member)) continue;
      const found = checkValue(value, member, nested, at, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}
