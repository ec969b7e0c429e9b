// Is a parsed file an API description? pre-commit hands the hook every staged YAML and JSON file, so
// most files that are not one must be skipped quietly; but a Swagger document that lost or misspelt its
// `swagger` field must not be skipped with them, or the hook waves it through (issue 14).
import { closest, distance } from 'fastest-levenshtein';
import type { Diagnostic } from '../types.js';
import { isObject } from '../json.js';

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
 * Text that was UTF-16 or UTF-32 before it was read as UTF-8: NUL between the characters of ASCII
 * text, or a byte-order mark (which UTF-8 decoding turns into U+FFFD U+FFFD). Returns what it was.
 */
export function wideEncoding(text: string): 'UTF-16' | 'UTF-32' | undefined {
  const head = text.slice(0, 512);
  if (!head.includes('\u0000')) return undefined;
  let nuls = 0;
  for (let i = 0; i < head.length; i++) if (head.charCodeAt(i) === 0) nuls++;
  // ASCII in UTF-16 is half NULs, in UTF-32 three quarters; binary data has a few scattered ones
  const share = nuls / head.length;
  if (share > 0.6) return 'UTF-32';
  if (share > 0.3) return 'UTF-16';
  return undefined;
}

/**
 * The answer for a file that was UTF-16 or UTF-32: a `parse-error` that says so when it is an API
 * description (or under `strict`), else skipped as any other file that is not one.
 */
export function wideEncodingResult(text: string, uri: string, strict: boolean): { diagnostics: Diagnostic[]; skipped?: string; texts: Map<string, string> } | undefined {
  const encoding = wideEncoding(text);
  if (!encoding) return undefined;
  // the ASCII of it, for the check below and for a code frame that shows the text, not NULs
  const narrow = text.replace(/[\u0000\ufffd\ufeff]/g, '');
  const texts = new Map([[uri, narrow]]);
  const named = /(?:^|[\s{,])["']?(?:swagger|openapi|paths)["']?\s*:/m.test(narrow);
  if (!named && !strict) return { diagnostics: [], texts, skipped: `not an API description (${encoding} text without a swagger, openapi or paths field)` };
  const at = { line: 0, character: 0 };
  const message = `The file is encoded in ${encoding}; swaglint reads UTF-8, the encoding JSON requires (RFC 8259) and YAML tools expect: save it as UTF-8.`;
  return { texts, diagnostics: [{ ruleId: 'parse-error', severity: 'error', category: 'validity', message, uri, pointer: '', range: { start: at, end: at } }] };
}
