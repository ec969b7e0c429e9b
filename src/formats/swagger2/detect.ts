// Is a parsed file an API description? pre-commit hands the hook every staged YAML and JSON file, so
// most files that are not one must be skipped quietly; but a Swagger document that lost or misspelt its
// `swagger` field must not be skipped with them, or the hook waves it through (issue 14).
import { closest, distance } from '../../text/edit-distance.js';
import type { Claim } from '../../lint/format.js';
import { isObject } from '../../json.js';

/** Top-level fields only Swagger 2.0 has beside `paths` (an OpenAPI 3 document has none of them). */
const swaggerFields = ['info', 'host', 'basePath', 'definitions', 'securityDefinitions'] as const;
const versionKeys = ['swagger', 'openapi'];

export type ApiKind =
  | { kind: 'swagger' | 'openapi' }
  /** No `swagger` or `openapi`, but the shape of a Swagger 2.0 document: a required field is missing. */
  | { kind: 'swagger-without-version'; misspelt?: string }
  | { kind: 'none' };

/**
 * A top-level key that is `swagger` or `openapi` misspelt (`swager`, `Swagger`, `openAPI`) and holds
 * a version (a string or a number): one letter off, or another letter case. Closer than that only,
 * so that another tool's key (`tagger`, `x-swagger`) never makes a file an API description.
 */
export function misspeltVersionKey(value: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(value)) {
    if (key.length < 5 || versionKeys.includes(key) || key.startsWith('x-')) continue;
    const version = value[key];
    if (typeof version !== 'string' && typeof version !== 'number') continue;
    const lower = key.toLowerCase();
    if (distance(lower, closest(lower, versionKeys)) <= 1) return key;
  }
  return undefined;
}

export function apiKind(value: unknown): ApiKind {
  if (!isObject(value)) return { kind: 'none' };
  const doc = value;
  if (doc['swagger'] !== undefined) return { kind: 'swagger' };
  if (doc['openapi'] !== undefined) return { kind: 'openapi' };
  const misspelt = misspeltVersionKey(doc);
  if (misspelt !== undefined) return { kind: 'swagger-without-version', misspelt };
  // `paths` with one more field of Swagger's top level: `definitions` alone is also a JSON Schema's
  if (isObject(doc['paths']) && swaggerFields.some((f) => doc[f] !== undefined)) return { kind: 'swagger-without-version' };
  return { kind: 'none' };
}

/**
 * Swagger 2.0's claim on a document: it says `swagger`, or it has Swagger's shape without it; an
 * OpenAPI 3 document is taken only as a fallback, to say once that it is not Swagger 2.0.
 */
export function detectSwagger2(value: Record<string, unknown>): Claim | undefined {
  switch (apiKind(value).kind) {
    case 'swagger':
      // with `openapi` too, OpenAPI 3's openapi-version says once that it is one or the other
      return value['openapi'] !== undefined ? 'fallback' : 'declared';
    case 'swagger-without-version':
      return 'shaped';
    case 'openapi':
      return 'fallback';
    case 'none':
      return undefined;
  }
}
