// The compiled validators (scripts/build-openapi3-validator.ts), each version's required on the first
// check that asks for it: synchronously, so a 3.0 document never loads 3.1's (some 20 ms of compiling).
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { EntryKind } from './entry-points.js';
import type { OpenApiVersion } from './version.js';
import { openapi3ValidatorFiles } from '../../paths.js';

export type VersionValidators = Record<EntryKind | 'document', ValidateFunction>;
export type Validators = Record<OpenApiVersion, VersionValidators>;

// by path, not by a literal specifier: the CLI bundle does not carry them (src/paths.ts)
const require = createRequire(import.meta.url);
const loaded: Partial<Validators> = {};
const validators: Validators = {
  get '3.0'() {
    return (loaded['3.0'] ??= require(openapi3ValidatorFiles['3.0']) as VersionValidators);
  },
  get '3.1'() {
    return (loaded['3.1'] ??= require(openapi3ValidatorFiles['3.1']) as VersionValidators);
  },
};

/** The validators by version; a version's module loads when it is first read. */
export function loadValidators(): Promise<Validators> {
  return Promise.resolve(validators);
}
