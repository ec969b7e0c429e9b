// The compiled validators (scripts/build-openapi3-validator.ts), each version's required on the first
// check that asks for it: synchronously, so a 3.0 document never loads 3.1's or 3.2's (some 20 ms of
// compiling each).
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { EntryKind } from './entry-points.js';
import { openApiVersions, type OpenApiVersion } from './version.js';
import { openapi3ValidatorFile } from '../../paths.js';

export type VersionValidators = Record<EntryKind | 'document', ValidateFunction>;
export type Validators = Record<OpenApiVersion, VersionValidators>;

// by path, not by a literal specifier: the CLI bundle does not carry them (src/paths.ts)
const require = createRequire(import.meta.url);
const loaded: Partial<Validators> = {};
const validators = {} as Validators;
for (const version of openApiVersions) {
  Object.defineProperty(validators, version, {
    enumerable: true,
    get: () => (loaded[version] ??= require(openapi3ValidatorFile(version)) as VersionValidators),
  });
}

/** The validators by version; a version's module loads when it is first read. */
export function loadValidators(): Promise<Validators> {
  return Promise.resolve(validators);
}
