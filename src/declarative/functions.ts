import { compileLinear } from '../text/linear-regex.js';
import { noneDefinedMessage, or } from './fn-or.js';
import { typedEnum, typedEnumInput } from './typed-enum.js';
import { unreferencedReusableObject } from './unreferenced-objects.js';
import { oasTagDefined, tagListInput, uniquenessTags } from './oas-tags.js';
import { printValue, type CoreFunction, type FunctionResult } from './core-function.js';

export { printValue, type CoreFunction, type FunctionResult, type Helpers } from './core-function.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Spectral's functions skip an input of the wrong type instead of reporting it: the rule does not apply. */
const inputTypes: Record<string, (v: unknown) => boolean> = {
  pattern: (v) => typeof v === 'string',
  casing: (v) => typeof v === 'string' && v.length > 0,
  enumeration: (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
  length: (v) => Array.isArray(v) || isPlainObject(v) || typeof v === 'string' || typeof v === 'number',
  alphabetical: (v) => v !== null && typeof v === 'object',
  xor: isPlainObject,
  or: isPlainObject,
  typedEnum: typedEnumInput,
  unreferencedReusableObject: isPlainObject,
  oasTagDefined: isPlainObject,
  uniquenessTags: tagListInput,
};

/** What the functions need of a regular expression; matched in linear time (src/text/linear-regex.ts). */
export interface Matcher {
  test(text: string): boolean;
}

const regexCache = new Map<string, Matcher>();

/**
 * A `pattern` option: `/source/flags` or a bare source, as Spectral reads it. A configuration is a
 * stranger's as often as a document is (a cloned repository's `.spectral.yaml`), so the pattern runs
 * on the linear-time engine; the ruleset's validation has already refused one it cannot take.
 */
export function patternRegex(pattern: string): Matcher {
  let re = regexCache.get(pattern);
  if (!re) {
    re = linearOrThrow(...splitPattern(pattern));
    regexCache.set(pattern, re);
  }
  return re;
}

/** `/source/flags` → [source, flags]; anything else is a bare source. */
export function splitPattern(pattern: string): [string, string] {
  const m = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  return m ? [m[1]!, m[2]!] : [pattern, ''];
}

/**
 * Linear time where RE2 can take the pattern. One it cannot (a lookahead, a backreference: published
 * rulesets use them) runs on V8's engine, as in Spectral; docs/security.md states the limit.
 */
function linearOrThrow(source: string, flags: string): Matcher {
  const compiled = compileLinear(source, flags);
  if (compiled.ok) return remembered(compiled);
  if (compiled.kind === 'invalid') throw new Error(`pattern ${JSON.stringify(source)} is not valid: ${compiled.reason}`);
  const re = new RegExp(source, flags.replace(/[gy]/g, ''));
  return { test: (text) => re.test(text) };
}

/** Answers a matcher keeps, dropped all at once past this: a bound on memory, not a cache policy. */
const maxAnswers = 8192;

/**
 * The linear-time engine's answer kept per text: re2js matches in JavaScript (144 ms of a profiled
 * cold run of a team's ruleset on the synthetic 2.9 MB document), and a rule over `$..properties[*]~`
 * tests the same names again and again (there: 6,000 properties, 3 names). A test is a pure function
 * of the text.
 */
function remembered(matcher: Matcher): Matcher {
  const answers = new Map<string, boolean>();
  return {
    test(text) {
      let answer = answers.get(text);
      if (answer === undefined) {
        answer = matcher.test(text);
        if (answers.size >= maxAnswers) answers.clear();
        answers.set(text, answer);
      }
      return answer;
    },
  };
}

const cases: Record<string, string> = {
  flat: '[a-z][a-z{D}]*',
  camel: '[a-z][a-z{D}]*(?:[A-Z{D}](?:[a-z{D}]+|$))*',
  pascal: '[A-Z][a-z{D}]*(?:[A-Z{D}](?:[a-z{D}]+|$))*',
  kebab: '[a-z][a-z{D}]*(?:-[a-z{D}]+)*',
  cobol: '[A-Z][A-Z{D}]*(?:-[A-Z{D}]+)*',
  snake: '[a-z][a-z{D}]*(?:_[a-z{D}]+)*',
  macro: '[A-Z][A-Z{D}]*(?:_[A-Z{D}]+)*',
};
export const casingTypes = Object.keys(cases);

const casingCache = new Map<string, Matcher>();
function casingRegex(options: Record<string, unknown>): Matcher {
  const key = JSON.stringify(options);
  let re = casingCache.get(key);
  if (re) return re;
  const base = cases[options['type'] as string]!.replace(/\{D\}/g, options['disallowDigits'] === true ? '' : '0-9');
  const separator = options['separator'] as { char: string; allowLeading?: boolean } | undefined;
  if (!separator) re = linearOrThrow(`^${base}$`, '');
  else {
    const sep = `[${separator.char.replace(/[\\\]^-]/g, '\\$&')}]`;
    re = linearOrThrow(`^${separator.allowLeading ? `${sep}?` : ''}${base}(?:${sep}${base})*$`, '');
  }
  casingCache.set(key, re);
  return re;
}

function compareAlpha(a: unknown, b: unknown): number {
  if ((typeof a === 'number' || Number.isNaN(Number(a))) && (typeof b === 'number' || !Number.isNaN(Number(b)))) return Math.min(1, Math.max(-1, Number(a) - Number(b)));
  if (typeof a !== 'string' || typeof b !== 'string') return 0;
  return a.localeCompare(b);
}

/** The core functions of Spectral rulesets, with Spectral's semantics and messages. */
export const coreFunctions: Record<string, CoreFunction> = {
  truthy: (input) => (input ? undefined : [{ message: '{{print("property")}}must be truthy' }]),
  falsy: (input) => (input ? [{ message: '{{print("property")}}must be falsy' }] : undefined),
  defined: (input) => (input === undefined ? [{ message: '{{print("property")}}must be defined' }] : undefined),
  undefined: (input) => (input !== undefined ? [{ message: '{{print("property")}}must be undefined' }] : undefined),
  pattern: (input, o) => {
    const out: FunctionResult[] = [];
    if (typeof o['match'] === 'string' && !patternRegex(o['match']).test(input as string)) out.push({ message: `{{print("value")}} must match the pattern ${printValue(o['match'])}` });
    if (typeof o['notMatch'] === 'string' && patternRegex(o['notMatch']).test(input as string)) out.push({ message: `{{print("value")}} must not match the pattern ${printValue(o['notMatch'])}` });
    return out.length ? out : undefined;
  },
  casing: (input, o) => {
    const s = input as string;
    const separator = o['separator'] as { char: string; allowLeading?: boolean } | undefined;
    if (s.length === 1 && separator?.allowLeading === true && s === separator.char) return undefined;
    return casingRegex(o).test(s) ? undefined : [{ message: `must be ${String(o['type'])} case` }];
  },
  enumeration: (input, o) => {
    const values = o['values'] as unknown[];
    return values.includes(input) ? undefined : [{ message: `{{print("value")}} must be equal to one of the allowed values: ${values.map(printValue).join(', ')}` }];
  },
  length: (input, o) => {
    const n = isPlainObject(input) ? Object.keys(input).length : Array.isArray(input) ? input.length : typeof input === 'number' ? input : (input as string).length;
    const out: FunctionResult[] = [];
    if (typeof o['min'] === 'number' && n < o['min']) out.push({ message: `{{print("property")}}must be longer than ${printValue(o['min'])}` });
    if (typeof o['max'] === 'number' && n > o['max']) out.push({ message: `{{print("property")}}must be shorter than ${printValue(o['max'])}` });
    return out.length ? out : undefined;
  },
  alphabetical: (input, o) => {
    let list: unknown[] = Array.isArray(input) ? input : Object.keys(input as object);
    if (list.length < 2) return undefined;
    const keyedBy = o['keyedBy'] as string | undefined;
    if (keyedBy !== undefined) {
      const keyed: unknown[] = [];
      for (const item of list) {
        if (item === null || typeof item !== 'object') return [{ message: '{{print("property")}}must be an object' }];
        keyed.push((item as Record<string, unknown>)[keyedBy]);
      }
      list = keyed;
    }
    if (!list.every((v) => typeof v === 'string' || typeof v === 'number')) return [{ message: '{{print("property")}}must be one of the allowed types: number, string' }];
    for (let i = 0; i < list.length - 1; i++) {
      if (compareAlpha(list[i], list[i + 1]) >= 1) {
        if (keyedBy !== undefined) return [{ message: 'properties must follow the alphabetical order' }];
        return [{ message: `${printValue(list[i])} must be placed after ${printValue(list[i + 1])}`, path: [Array.isArray(input) ? String(i) : String(list[i])] }];
      }
    }
    return undefined;
  },
  xor: (input, o) => {
    const properties = o['properties'] as string[];
    if (properties.length < 2) return undefined;
    const present = Object.keys(input as object).filter((k) => properties.includes(k));
    const out: FunctionResult[] = [];
    if (present.length === 0) out.push({ message: noneDefinedMessage(properties) });
    if (present.length > 1) out.push({ message: `Just one of "${present.join('" and "')}" must be defined` });
    return out;
  },
  or,
  typedEnum,
  unreferencedReusableObject,
  oasTagDefined,
  uniquenessTags,
  schema: (input, _o, helpers) => {
    if (input === undefined) return [{ message: '{{print("property")}}must exist' }];
    const validate = helpers.validator!;
    if (validate(input)) return undefined;
    return (validate.errors ?? []).map((e) => {
      const path = e.instancePath === '' ? [] : e.instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      const last = path[path.length - 1];
      // an error about the value itself is about the property the rule's path ends in, as Spectral words it
      const subject = e.keyword === 'required' ? '' : last === undefined ? '{{print("property")}}' : /^\d+$/.test(last) ? `Item at index ${last} ` : `"${last}" property `;
      const detail = e.keyword === 'required' ? `Object must have required property "${String((e.params as { missingProperty?: string }).missingProperty)}"` : e.keyword === 'enum' ? `must be equal to one of the allowed values: ${((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(printValue).join(', ')}` : e.keyword === 'pattern' ? `must match pattern "${String((e.params as { pattern?: string }).pattern)}"` : (e.message ?? 'is invalid').replace(/['"]/g, '"').replace(/\bNOT\b/g, 'not');
      return { message: subject + detail, path };
    });
  },
};

export const coreFunctionNames = Object.keys(coreFunctions);

/** Whether a function applies to this input at all (Spectral skips other inputs silently). */
export function acceptsInput(fn: string, input: unknown): boolean {
  const check = inputTypes[fn];
  return check === undefined || check(input);
}

/** JSON Schemas for each function's options, as Spectral's; `null` for a function without options. */
export const optionSchemas: Record<string, Record<string, unknown> | null> = {
  truthy: null,
  falsy: null,
  defined: null,
  undefined: null,
  pattern: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: { match: { type: 'string' }, notMatch: { type: 'string' } },
  },
  casing: {
    type: 'object',
    required: ['type'],
    additionalProperties: false,
    properties: {
      type: { enum: casingTypes },
      disallowDigits: { type: 'boolean' },
      separator: { type: 'object', required: ['char'], additionalProperties: false, properties: { char: { type: 'string', minLength: 1, maxLength: 1 }, allowLeading: { type: 'boolean' } } },
    },
  },
  enumeration: {
    type: 'object',
    required: ['values'],
    additionalProperties: false,
    properties: { values: { type: 'array', items: { type: ['string', 'number', 'null', 'boolean'] } } },
  },
  length: { type: 'object', minProperties: 1, additionalProperties: false, properties: { min: { type: 'number' }, max: { type: 'number' } } },
  alphabetical: { type: ['object', 'null'], additionalProperties: false, properties: { keyedBy: { type: 'string' } } },
  xor: { type: 'object', required: ['properties'], additionalProperties: false, properties: { properties: { type: 'array', items: { type: 'string' }, minItems: 2 } } },
  or: { type: 'object', required: ['properties'], additionalProperties: false, properties: { properties: { type: 'array', items: { type: 'string' }, minItems: 2 } } },
  typedEnum: null,
  oasTagDefined: null,
  uniquenessTags: null,
  unreferencedReusableObject: {
    type: 'object',
    required: ['reusableObjectsLocation'],
    additionalProperties: false,
    // Spectral's format json-pointer-uri-fragment, as ajv-formats writes it
    properties: { reusableObjectsLocation: { type: 'string', pattern: "^#(?:/(?:[A-Za-z0-9_\\-.!$&'()*+,;:=@]|%[0-9A-Fa-f]{2}|~0|~1)*)*$" } },
  },
  schema: {
    type: 'object',
    required: ['schema'],
    additionalProperties: false,
    properties: { schema: { type: ['object', 'boolean'] }, dialect: { enum: ['auto', 'draft4', 'draft6', 'draft7', 'draft2019-09', 'draft2020-12'] }, allErrors: { type: 'boolean' }, prepareResults: true },
  },
};
