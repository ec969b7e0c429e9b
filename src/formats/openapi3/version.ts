// Which OpenAPI version a document says it follows, and the one finding for a version swaglint does not
// check: the document's other findings would only be a cascade of differences between versions.
import { isObject } from '../../json.js';

export type OpenApiVersion = '3.0' | '3.1';

export type VersionOutcome =
  | { ok: true; version: OpenApiVersion }
  | { ok: false; message: string; pointer: string[]; at: 'key' | 'value' };

/** `3.0.4`, `3.1.1`, with a pre-release or build suffix as the official schemas allow (`3.1.0-rc1`). */
const supported = /^3\.(0|1)\.\d+(?:-.+)?$/;

export function openapiVersion(doc: unknown): VersionOutcome {
  if (!isObject(doc)) return { ok: false, message: 'An OpenAPI document is an object with `openapi`, `info` and `paths`.', pointer: [], at: 'value' };
  const written = doc['openapi'];
  if (doc['swagger'] !== undefined) {
    return { ok: false, pointer: ['openapi'], at: 'key', message: 'The document has both `swagger` and `openapi`: it is one or the other. Keep `openapi` (and OpenAPI 3 fields) or `swagger: "2.0"` (and Swagger 2.0 fields).' };
  }
  if (typeof written !== 'string') {
    const hint = typeof written === 'number' ? ` Quote it: \`openapi: '${written}.0'\` (YAML reads ${written} as a number).` : '';
    return { ok: false, pointer: ['openapi'], at: 'value', message: `\`openapi\` must be a version string such as '3.1.1', not ${JSON.stringify(written)}.${hint}` };
  }
  const match = supported.exec(written);
  if (match) return { ok: true, version: match[1] === '0' ? '3.0' : '3.1' };
  if (/^3\.[01]$/.test(written)) {
    return { ok: false, pointer: ['openapi'], at: 'value', message: `\`openapi: ${written}\` has no patch version: write the full version the document follows, such as '${written}.0' (the specification requires major.minor.patch).` };
  }
  return { ok: false, pointer: ['openapi'], at: 'value', message: `OpenAPI ${written} is not a version swaglint checks: it checks 3.0.x and 3.1.x (and Swagger 2.0). Its other findings would only list differences between versions, so there are none.` };
}
