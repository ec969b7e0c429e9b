// Which OpenAPI version a document says it follows, and the one finding for a version swaglint does not
// check: the document's other findings would only be a cascade of differences between versions.
// What each version can do is asked through the capability helpers below, never by comparing with a
// version: a new minor version is one line in `minors` and a schema (scripts/build-openapi3-validator.ts).
import { isObject } from '../../json.js';

/** The minor versions swaglint checks, oldest first. */
export const openApiVersions = ['3.0', '3.1', '3.2'] as const;

export type OpenApiVersion = (typeof openApiVersions)[number];

export type VersionOutcome =
  | { ok: true; version: OpenApiVersion }
  | { ok: false; message: string; pointer: string[]; at: 'key' | 'value' };

/** `3.0.4`, `3.2.0`, with a pre-release or build suffix as the official schemas allow (`3.1.0-rc1`). */
const supported = /^(3\.\d+)\.\d+(?:-.+)?$/;

const isOpenApiVersion = (minor: string): minor is OpenApiVersion => (openApiVersions as readonly string[]).includes(minor);

/** From 3.1 on: Schema Objects are JSON Schema 2020-12 (`$id`, `$anchor`, type lists, `examples`, `const`, no `nullable`). */
export function jsonSchema2020(version: OpenApiVersion | undefined): boolean {
  return version !== undefined && version !== '3.0';
}

/** From 3.1 on: the fields 3.1 added outside schemas: `info.summary`, `license.identifier`, a Reference Object's own `summary` and `description`. */
export function fields31(version: OpenApiVersion | undefined): boolean {
  return version !== undefined && version !== '3.0';
}

/** From 3.2 on: the `query` method, `additionalOperations`, `in: querystring`, Media Type components and `itemSchema`. */
export function openApi32Fields(version: OpenApiVersion | undefined): boolean {
  return version !== undefined && version !== '3.0' && version !== '3.1';
}

/** From 3.2 on: the document's `$self`, its own URI and base URI for relative references. */
export function selfField(version: OpenApiVersion | undefined): boolean {
  return openApi32Fields(version);
}

/** From 3.2 on: a media type's `encoding` applies wherever its media type is multipart or a form, a response's included. */
export function encodingInResponses(version: OpenApiVersion | undefined): boolean {
  return openApi32Fields(version);
}

/**
 * The advice for `openapi: 3.0`, which YAML reads as the number 3: quoting it (`'3.0'`) is still no
 * version, so it names the full version of the minor the number was meant as (3 → 3.0.0, 3.1 → 3.1.0),
 * or of the newest checked one.
 */
function numberAdvice(n: number): string {
  const minor = Number.isInteger(n) ? `${n}.0` : String(n);
  const full = 'write the full version the document follows, major.minor.patch, such as';
  if (isOpenApiVersion(minor)) return ` YAML reads it as a number, and ${minor} is no version either: ${full} \`openapi: ${minor}.0\` (YAML reads ${minor}.0 as a string).`;
  return ` YAML reads it as a number: ${full} \`openapi: ${openApiVersions[openApiVersions.length - 1]!}.0\`.`;
}

export function openapiVersion(doc: unknown): VersionOutcome {
  if (!isObject(doc)) return { ok: false, message: 'An OpenAPI document is an object with `openapi`, `info` and `paths`.', pointer: [], at: 'value' };
  const written = doc['openapi'];
  if (doc['swagger'] !== undefined) {
    return { ok: false, pointer: ['openapi'], at: 'key', message: 'The document has both `swagger` and `openapi`: it is one or the other. Keep `openapi` (and OpenAPI 3 fields) or `swagger: "2.0"` (and Swagger 2.0 fields).' };
  }
  if (typeof written !== 'string') {
    const hint = typeof written === 'number' ? numberAdvice(written) : '';
    return { ok: false, pointer: ['openapi'], at: 'value', message: `\`openapi\` must be a version string such as '3.1.1', not ${JSON.stringify(written)}.${hint}` };
  }
  const minor = supported.exec(written)?.[1];
  if (minor !== undefined && isOpenApiVersion(minor)) return { ok: true, version: minor };
  if (isOpenApiVersion(written)) {
    return { ok: false, pointer: ['openapi'], at: 'value', message: `\`openapi: ${written}\` has no patch version: write the full version the document follows, such as '${written}.0' (the specification requires major.minor.patch).` };
  }
  const checked = openApiVersions.map((v) => `${v}.x`);
  return { ok: false, pointer: ['openapi'], at: 'value', message: `OpenAPI ${written} is not a version swaglint checks: it checks ${checked.slice(0, -1).join(', ')} and ${checked[checked.length - 1]} (and Swagger 2.0). Its other findings would only list differences between versions, so there are none.` };
}
