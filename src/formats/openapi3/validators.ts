// The compiled validators (scripts/build-openapi3-validator.ts), loaded on the first OpenAPI 3 document.
import type { ValidateFunction } from 'ajv';
import type { EntryKind } from './entry-points.js';
import type { OpenApiVersion } from './version.js';
import { openapi3ValidatorUrls } from '../../paths.js';

export type VersionValidators = Record<EntryKind | 'document', ValidateFunction> & { documentAnyDialect?: ValidateFunction };
export type Validators = Record<OpenApiVersion, VersionValidators>;

let loaded: Promise<Validators> | undefined;

export function loadValidators(): Promise<Validators> {
  // by URL, not by a literal path: the CLI bundle does not carry them (src/paths.ts)
  const load = (version: OpenApiVersion) => import(openapi3ValidatorUrls[version].href) as Promise<VersionValidators>;
  loaded ??= Promise.all([load('3.0'), load('3.1')]).then(([v30, v31]) => ({ '3.0': v30, '3.1': v31 }));
  return loaded;
}
