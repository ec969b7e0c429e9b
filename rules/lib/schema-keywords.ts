// The keywords of an OpenAPI 3.1 Schema Object (JSON Schema 2020-12 and the OpenAPI vocabulary), with
// the JSON type each takes, and how close a key is to one: for schema-keyword-typo, which names the
// keyword a near miss meant. Swagger 2.0's and OpenAPI 3.0's Schema Objects allow no unknown key, so
// schema-valid reports those there, with the same "did you mean".
import { slipOf } from '../../src/text/edit-distance.js';

/** What a keyword's value is: its JSON types (`schema` is an object or a boolean), or `any`. */
type Takes = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'schema' | 'any';

const keywordTypes: ReadonlyArray<[Takes | readonly Takes[], readonly string[]]> = [
  ['string', ['$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$comment', 'pattern', 'format', 'title', 'description', 'contentEncoding', 'contentMediaType']],
  ['number', ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'maxItems', 'minItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties']],
  ['boolean', ['uniqueItems', 'deprecated', 'readOnly', 'writeOnly']],
  ['schema', ['items', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']],
  ['object', ['properties', 'patternProperties', 'dependentSchemas', 'dependentRequired', '$defs', '$vocabulary', 'discriminator', 'xml', 'externalDocs']],
  ['array', ['prefixItems', 'allOf', 'anyOf', 'oneOf', 'required', 'enum', 'examples']],
  [['string', 'array'], ['type']],
  ['any', ['const', 'default', 'example']],
];

const takes = new Map<string, readonly Takes[]>(keywordTypes.flatMap(([t, names]) => names.map((n) => [n, typeof t === 'string' ? [t] : t] as const)));

/** OpenAPI 3.1's Schema Object keywords, in the order the specifications list them. */
export const keywords31: readonly string[] = [...takes.keys()];

/**
 * Keywords of other JSON Schema drafts and of OpenAPI 3.0: a document written for them means what they
 * say, not a near miss (`id` is draft-04's `$id`; nullable-type reports `nullable` in 3.1).
 */
const otherDrafts: ReadonlySet<string> = new Set(['id', 'definitions', 'dependencies', 'additionalItems', '$recursiveRef', '$recursiveAnchor', 'nullable', 'divisibleBy', 'disallow', 'extends']);

function typeOf(value: unknown): Takes {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'any';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'object' ? t : 'any';
}

/** Whether `value` could be the keyword's: a near miss holding another kind of value is no typo of it. */
function fits(keyword: string, value: unknown): boolean {
  const wanted = takes.get(keyword) ?? ['any'];
  const found = typeOf(value);
  return wanted.some((t) => t === 'any' || t === found || (t === 'schema' && (found === 'object' || found === 'boolean')));
}

/** The keyword a Schema Object's key `key` (holding `value`) meant, when it is a near miss of one. */
export function meantKeyword(key: string, value: unknown, keywords: readonly string[] = keywords31): string | undefined {
  if (key.startsWith('x-') || takes.has(key) || otherDrafts.has(key)) return undefined;
  return slipOf(key, keywords, (k) => fits(k, value));
}
