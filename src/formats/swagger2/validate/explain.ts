// Turns ajv's errors into findings a person can act on: one per problem, placed at the offending key,
// naming the kind of object in Swagger's words ("an operation", "a query parameter") and suggesting the
// property or value that was probably meant.
import type { ErrorObject } from 'ajv';
import { closest, distance, slipOf } from '../../../text/edit-distance.js';
import { kindAt, type ObjectKind } from '../kinds.js';
import { isObject } from '../../../json.js';
import type { Target } from '../../../load/source.js';

/**
 * What the official schemas' misfits say, by message id (schema-valid's `meta.messages`): one text
 * whichever format's schema found the misfit.
 */
export const schemaMessages = {
  refSibling: 'A $ref object has no other properties: `{{property}}` beside `$ref` is ignored by tools; put it in the object the $ref names, or remove it.',
  notAPath: '`{{property}}` is not a path: paths start with `/` (or are extensions starting with `x-`).',
  notAResponseCode: '`{{property}}` is not a response code: use a three-digit HTTP status code such as 200, or `default`.',
  unknownProperty: 'Unknown property `{{property}}` in {{kind}}{{hint}}',
  missing: '{{what}} is missing the required property `{{missing}}`.',
  type: '`{{name}}` must be {{expected}}, not {{actual}}.',
  notInEnum: '`{{name}}` is {{actual}}; it must be {{allowed}}{{hint}}',
  exclusive: '{{what}} has both {{both}}; they exclude each other: keep one.',
  queryAndQuerystring: '`{{name}}` lists both {{both}} parameters; they exclude each other: describe the query string whole (querystring) or by its parameters (query).',
  notAllowed: '`{{property}}` is not allowed in {{where}}: {{fix}}.',
  needsOne: '{{what}} needs {{choice}}; it has none.',
  oneQuerystring: '`{{name}}` lists more than {{max}} `in: {{location}}` parameter; the query string is one value: keep one.',
  forbiddenKey: '`{{property}}` is not allowed as a key of `{{name}}`{{hint}}.',
  invalidKey: '`{{property}}` is not a valid key of `{{name}}`{{pattern}}.',
  tooFewItems: '`{{name}}` must list at least {{limit}} {{items}}.',
  repeatedItem: '`{{name}}` lists the same value twice (items {{j}} and {{i}}); list each once.',
  uriBraces: '`{{name}}` is not a URI reference: percent-encode `{`, `}` and spaces (%7B, %7D, %20).',
  pattern: '`{{name}}` is {{actual}}; it must match the pattern {{pattern}}.',
  noResponses: 'Responses must document at least one status code or `default`.',
  tooFewProperties: '`{{name}}` must have at least {{limit}} {{properties}}.',
  invalid: '`{{name}}` {{reason}}.',
} as const;

export type SchemaMessageId = keyof typeof schemaMessages;

/** A message id with its data, and its text (the template filled as the engine fills it). */
function say(messageId: SchemaMessageId, data: Record<string, string> = {}): { messageId: SchemaMessageId; data: Record<string, string>; message: string } {
  const message = schemaMessages[messageId].replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(data, name) ? data[name]! : whole));
  return { messageId, data, message };
}

export interface SchemaProblem {
  /** Pointer segments of the offending node, relative to the validated value. */
  pointer: string[];
  at: Target;
  /** The finding's message id (schemaMessages) and its data; `message` is their text. */
  messageId: SchemaMessageId;
  data: Record<string, string>;
  message: string;
  /** The property a `required` error misses, so callers can tell whose finding it is without reading the message. */
  missing?: string;
  /** A property beside `$ref` in a reference object (the schema allowed a reference here). */
  refSibling?: true;
  /** The problem is the key at the end of `pointer` (an unknown property), not the value it holds. */
  aboutKey?: true;
  /** The JSON types a `type` error wanted (`array`), so callers can say what belongs there. */
  expected?: string[];
}

export const kindNames: Record<ObjectKind, string> = {
  Document: 'the document',
  Info: 'the info object',
  Contact: 'the contact object',
  License: 'the license object',
  Paths: 'paths',
  PathItem: 'a path item',
  Operation: 'an operation',
  Parameter: 'a parameter',
  Items: 'an items object',
  Responses: 'responses',
  Response: 'a response',
  Header: 'a header',
  Schema: 'a schema',
  SecurityScheme: 'a security scheme',
  SecurityRequirement: 'a security requirement',
  Tag: 'a tag',
  ExternalDocs: 'an externalDocs object',
};

type Json = Record<string, unknown>;


/** Decodes an ajv instancePath into segments (not parsePointer: that also percent-decodes, as for a `$ref` fragment, and an instancePath is never percent-encoded; a key such as `/a%20b` must stay as written). */
function segments(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** What the node at `pointer` is, in Swagger's words. */
export function describeAt(root: unknown, rootKind: ObjectKind, pointer: readonly string[]): string {
  const found = kindAt(root, rootKind, pointer);
  if (!found) return pointer.length === 0 ? 'the document' : `\`${pointer[pointer.length - 1]}\``;
  const { kind, value } = found;
  if (kind === 'Parameter' && isObject(value) && typeof value['in'] === 'string') return `a ${value['in']} parameter`;
  return kindNames[kind];
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return `the string ${JSON.stringify(value)}`;
}

function article(type: string): string {
  if (type === 'array') return 'a list';
  if (type === 'object') return 'an object';
  if (type === 'integer') return 'an integer';
  return `a ${type}`;
}

/** The name a user probably meant, when it is close enough to be a typo. */
export function didYouMean(written: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  // a slip first (`tpye`, `min_items`): plain edit distance counts a swap as two, too many for a short name
  const slip = slipOf(written, candidates);
  if (slip !== undefined) return slip;
  const best = closest(written, candidates as string[]);
  const limit = Math.max(1, Math.min(3, Math.floor(best.length / 3)));
  if (distance(written.toLowerCase(), best.toLowerCase()) <= limit) return best;
  return undefined;
}

function quoteList(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

/** Names the node at a pointer of the validated value ("an operation", "a query parameter"). */
export type Describe = (pointer: readonly string[]) => string;

/**
 * One problem per distinct error. `root` is the validated value and `rootKind` its Swagger 2.0 kind, or
 * a function that names what is at a pointer (another format's kinds), so that the messages can name
 * what they are about.
 */
export function explain(errors: readonly ErrorObject[], root: unknown, rootKind: ObjectKind | Describe): SchemaProblem[] {
  const describe: Describe = typeof rootKind === 'function' ? rootKind : (pointer) => describeAt(root, rootKind, pointer);
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  // The draft-04 meta-schema that Swagger's schema borrows `type` from still has an anyOf (a name or a
  // list of names). When a value fails it, the branch that takes the value's own type has the useful
  // error; "must be a list" from the other branch, and the anyOf summary, only repeat it.
  const specific = new Set(errors.filter((e) => e.keyword !== 'type' && e.keyword !== 'anyOf' && e.keyword !== 'if').map((e) => e.instancePath));
  // OpenAPI 3.1: properties that `not: {required: [a, b]}` excludes are left unevaluated by the failed
  // branch, so `unevaluatedProperties` names them again; and a choice of one property among several
  // (`oneOf: [{required: [a]}, {required: [b]}]`, a link's operationRef or operationId) is one problem,
  // not a `required` error per branch besides the oneOf's.
  const excluded = new Set<string>();
  const choices: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'not') for (const name of requiredNames(error.schema)) excluded.add(`${error.instancePath}\u0000${name}`);
    if (error.keyword === 'oneOf' && oneRequiredEach(error.schema)) choices.push(`${error.schemaPath}/`);
  }
  const repeated = (error: ErrorObject) =>
    (error.keyword === 'unevaluatedProperties' && excluded.has(`${error.instancePath}\u0000${String((error.params as Record<string, unknown>)['unevaluatedProperty'])}`)) ||
    (error.keyword === 'required' && choices.some((prefix) => error.schemaPath.startsWith(prefix)));
  for (const error of errors) {
    if (error.keyword === 'anyOf' || (error.keyword === 'type' && specific.has(error.instancePath)) || repeated(error)) continue;
    // a key's own errors under `propertyNames` (OpenAPI 3.2's additionalOperations): its propertyNames error says them in one
    if (error.schemaPath.includes('/propertyNames/')) continue;
    const problem = explainOne(error, describe);
    if (!problem) continue;
    const key = `${problem.pointer.join('/')}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function explainOne(error: ErrorObject, describe: Describe): SchemaProblem | undefined {
  const pointer = segments(error.instancePath);
  // a list member is named by its list: `schemes[1]`, not `1`
  const last = pointer[pointer.length - 1];
  const name = last !== undefined && /^\d+$/.test(last) && pointer.length > 1 ? `${pointer[pointer.length - 2]}[${last}]` : last;
  const what = () => describe(pointer);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      return undefined; // the branch's own errors say what is wrong
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const property = String(params['additionalProperty'] ?? params['unevaluatedProperty']);
      const parent = (error.parentSchema ?? {}) as Json;
      const allowed = Object.keys(isObject(parent['properties']) ? parent['properties'] : {});
      const at = pointer.concat(property);
      if (allowed.length === 1 && allowed[0] === '$ref') {
        return { pointer: at, at: 'key', refSibling: true, ...say('refSibling', { property }) };
      }
      const unknown = { pointer: at, at: 'key' as const, aboutKey: true as const };
      const kind = what();
      if (kind === 'paths') return { ...unknown, ...say('notAPath', { property }) };
      if (kind === 'responses') return { ...unknown, ...say('notAResponseCode', { property }) };
      const meant = didYouMean(property, allowed);
      const extensions = isObject(parent['patternProperties']) && '^x-' in parent['patternProperties'];
      const hint = meant ? `; did you mean \`${meant}\`?` : extensions ? `; the properties it may have are: ${allowed.join(', ')} (and extensions starting with \`x-\`).` : `; the properties it may have are: ${allowed.join(', ')}.`;
      return { ...unknown, ...say('unknownProperty', { property, kind, hint }) };
    }
    case 'required': {
      const missing = String(params['missingProperty']);
      return { pointer, at: 'key', missing, ...say('missing', { what: capitalize(what()), missing }) };
    }
    case 'type': {
      const types = String(params['type']).split(',');
      const expected = types.map(article).join(' or ');
      return { pointer, at: 'value', expected: types, ...say('type', { name: name ?? 'the document', expected, actual: typeOf(error.data) }) };
    }
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]) ?? [];
      const written = error.data;
      const meant = typeof written === 'string' ? didYouMean(written, allowed.filter((v): v is string => typeof v === 'string')) : undefined;
      const hint = meant ? `; did you mean \`${meant}\`?` : '.';
      const list = allowed.length === 1 ? `\`${quoteList(allowed)}\`` : `one of: ${quoteList(allowed)}`;
      return { pointer, at: 'value', ...say('notInEnum', { name: String(name), actual: typeOf(written), allowed: list, hint }) };
    }
    case 'not': {
      // `not: {required: [a, b]}`: the two are mutually exclusive (OpenAPI 3's example and examples)
      const excluded = requiredNames(error.schema);
      if (excluded.length > 1) return { pointer, at: 'key', ...say('exclusive', { what: capitalize(what()), both: excluded.map((k) => `\`${k}\``).join(' and ') }) };
      // `not: {required: [x]}`: OpenAPI 3.0's parameter or header with `content` has no style, explode, example…
      const [only] = excluded;
      // `dependentSchemas: {a: {not: {required: [b]}}}`: a and b exclude each other (3.1's license identifier and url)
      const dependent = /\/dependentSchemas\/([^/]+)\/not$/.exec(error.schemaPath)?.[1];
      if (only !== undefined && excluded.length === 1 && dependent !== undefined) {
        const key = dependent.replace(/~1/g, '/').replace(/~0/g, '~');
        return { pointer: pointer.concat(only), at: 'key', ...say('exclusive', { what: capitalize(what()), both: `\`${key}\` and \`${only}\`` }) };
      }
      // `not: {allOf: [{contains: {properties: {in: {const: a}}}}, …]}`: OpenAPI 3.2's query and querystring parameters
      const locations = containedLocations(error.schema);
      if (locations.length > 1) return { pointer, at: 'key', ...say('queryAndQuerystring', { name: String(name), both: locations.map((l) => `\`in: ${l}\``).join(' and ') }) };
      if (only !== undefined && excluded.length === 1) {
        const where = isObject(error.data) && 'content' in error.data ? `${what()} with \`content\`` : what();
        const fix = /^examples?$/.test(only) ? 'put it in the media type under `content`' : 'remove it';
        return { pointer: pointer.concat(only), at: 'key', aboutKey: true, ...say('notAllowed', { property: only, where, fix }) };
      }
      return atLeast(pointer, name, params, what());
    }
    case 'oneOf': {
      const names = oneRequiredEach(error.schema);
      if (!names) return { pointer, at: 'value', ...say('invalid', { name: name ?? 'the document', reason: error.message ?? 'is not valid' }) };
      const listed = names.map((k) => `\`${k}\``);
      if (Array.isArray(params['passingSchemas'])) return { pointer, at: 'key', ...say('exclusive', { what: capitalize(what()), both: listed.join(' and ') }) };
      return { pointer, at: 'key', ...say('needsOne', { what: capitalize(what()), choice: `${listed.length === 2 ? 'either' : 'one of'} ${listed.join(listed.length === 2 ? ' or ' : ', ')}` }) };
    }
    case 'minProperties':
      return atLeast(pointer, name, params, what());
    case 'false schema': {
      // `dependentSchemas: {a: {properties: {b: false}}}`: b is not allowed beside a (OpenAPI 3.2's xml
      // `nodeType` and `attribute`, a media type's `encoding` and `itemEncoding`)
      const dependent = /\/dependentSchemas\/([^/]+)\/properties\/[^/]+(?:\/false schema)?$/.exec(error.schemaPath)?.[1];
      if (dependent === undefined || last === undefined) break;
      const key = dependent.replace(/~1/g, '/').replace(/~0/g, '~');
      return { pointer, at: 'key', aboutKey: true, ...say('exclusive', { what: capitalize(describe(pointer.slice(0, -1))), both: `\`${key}\` and \`${last}\`` }) };
    }
    case 'contains': {
      // `contains: {properties: {in: {const: querystring}}}, maxContains: 1`: OpenAPI 3.2's one querystring parameter
      const [location] = containedLocations({ allOf: [{ contains: error.schema }] });
      if (location === undefined || typeof params['maxContains'] !== 'number') break;
      return { pointer, at: 'key', ...say('oneQuerystring', { name: String(name), max: String(params['maxContains']), location }) };
    }
    case 'propertyNames': {
      const property = String(params['propertyName']);
      const names = isObject(error.schema) ? error.schema : {};
      const forbidden = isObject(names['not']) && Array.isArray(names['not']['enum']) ? (names['not']['enum'] as unknown[]) : [];
      const at = { pointer: pointer.concat(property), at: 'key' as const, aboutKey: true as const };
      // OpenAPI 3.2's additionalOperations: GET…QUERY have their own fields
      if (forbidden.includes(property)) return { ...at, ...say('forbiddenKey', { property, name: String(name), hint: name === 'additionalOperations' ? `: the method has its own field; write the operation as \`${property.toLowerCase()}\` in the path item` : '' }) };
      const pattern = typeof names['pattern'] === 'string' ? `: keys match ${names['pattern']}` : '';
      return { ...at, ...say('invalidKey', { property, name: String(name), pattern }) };
    }
    case 'minItems':
      return { pointer, at: 'key', ...say('tooFewItems', { name: String(name), limit: String(params['limit']), items: params['limit'] === 1 ? 'item' : 'items' }) };
    case 'uniqueItems':
      return { pointer, at: 'key', ...say('repeatedItem', { name: String(name), j: String(params['j']), i: String(params['i']) }) };
    case 'format':
      // OpenAPI 3's `$ref`, `operationRef` and URLs: RFC 3986 has no `{`, `}` or spaces in a URI
      if (params['format'] === 'uri-reference' && typeof error.data === 'string' && /[{}\s]/.test(error.data)) {
        return { pointer, at: 'value', ...say('uriBraces', { name: String(name) }) };
      }
      return { pointer, at: 'value', ...say('invalid', { name: name ?? 'the document', reason: error.message ?? 'is not valid' }) };
    case 'pattern':
      return { pointer, at: 'value', ...say('pattern', { name: String(name), actual: typeOf(error.data), pattern: String(params['pattern']) }) };
    default:
      break;
  }
  return { pointer, at: 'value', ...say('invalid', { name: name ?? 'the document', reason: error.message ?? 'is not valid' }) };
}

/** The `in` values of `{allOf: [{contains: {properties: {in: {const: x}}}}, …]}`. */
function containedLocations(schema: unknown): string[] {
  if (!isObject(schema) || !Array.isArray(schema['allOf'])) return [];
  return (schema['allOf'] as unknown[]).flatMap((branch) => {
    const contains = isObject(branch) ? branch['contains'] : undefined;
    const properties = isObject(contains) ? contains['properties'] : undefined;
    const location = isObject(properties) && isObject(properties['in']) ? properties['in']['const'] : undefined;
    return typeof location === 'string' ? [location] : [];
  });
}

/** The names of `{required: [...]}`. */
function requiredNames(schema: unknown): string[] {
  return isObject(schema) && Array.isArray(schema['required']) ? (schema['required'] as unknown[]).map(String) : [];
}

/** For a oneOf's branches that each require one property and nothing else, those properties. */
function oneRequiredEach(branches: unknown): string[] | undefined {
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  const names = branches.map((b) => (isObject(b) && Object.keys(b).length === 1 && requiredNames(b).length === 1 ? requiredNames(b)[0] : undefined));
  return names.every((n): n is string => n !== undefined) ? names : undefined;
}

function atLeast(pointer: string[], name: string | undefined, params: Record<string, unknown>, what: string): SchemaProblem {
  if (what === 'responses') return { pointer, at: 'key', ...say('noResponses') };
  return { pointer, at: 'key', ...say('tooFewProperties', { name: String(name), limit: String(params['limit'] ?? 1), properties: params['limit'] === 1 ? 'property' : 'properties' }) };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
