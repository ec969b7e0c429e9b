// The compiled validators (scripts/build-openapi3-validator.ts), loaded on the first OpenAPI 3 document.
import type { ValidateFunction } from 'ajv';
import type { EntryKind } from './entry-points.js';
import type { OpenApiVersion } from './version.js';

export type VersionValidators = Record<EntryKind | 'document', ValidateFunction> & { documentAnyDialect?: ValidateFunction };
export type Validators = Record<OpenApiVersion, VersionValidators>;

let loaded: Promise<Validators> | undefined;

export function loadValidators(): Promise<Validators> {
  loaded ??= Promise.all([import('./openapi30-validator.js'), import('./openapi31-validator.js')]).then(([v30, v31]) => ({ '3.0': v30, '3.1': v31 }));
  return loaded;
}
