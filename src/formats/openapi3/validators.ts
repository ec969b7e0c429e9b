// The compiled validators (scripts/build-openapi3-validator.ts), each version's run on the first check
// that asks for it: synchronously, so a 3.0 document never loads 3.1's or 3.2's (some 20 ms of compiling
// each). Each ships brotli-compressed (the installed size budget) and is run here as the CommonJS module
// it is, its `require` resolving ajv's runtime helpers from its own place.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync } from 'node:zlib';
import type { ValidateFunction } from 'ajv';
import type { EntryKind } from './entry-points.js';
import { openApiVersions, type OpenApiVersion } from './version.js';
import { openapi3ValidatorFile } from '../../paths.js';
import { compileCommonJs } from '../../startup/script-cache.js';

export type VersionValidators = Record<EntryKind | 'document', ValidateFunction>;
export type Validators = Record<OpenApiVersion, VersionValidators>;

const loaded: Partial<Validators> = {};
const validators = {} as Validators;
for (const version of openApiVersions) {
  Object.defineProperty(validators, version, {
    enumerable: true,
    get: () => (loaded[version] ??= run(openapi3ValidatorFile(version))),
  });
}

// by path, not by a literal specifier: the CLI bundle does not carry them (src/paths.ts)
function run(file: string): VersionValidators {
  const code = brotliDecompressSync(readFileSync(`${file}.br`)).toString('utf8');
  const module = { exports: {} };
  // ajv's code reads no file or directory name of its own: the three CommonJS arguments it uses. In
  // a CLI run, through V8's code cache (src/startup/script-cache.ts)
  const body = compileCommonJs(code, file);
  body.call(module.exports, module.exports, createRequire(file), module);
  return module.exports as VersionValidators;
}

/** The validators by version; a version's module loads when it is first read. */
export function loadValidators(): Promise<Validators> {
  return Promise.resolve(validators);
}

/** The versions whose validator has been loaded in this process (for tests of the loading). */
export function loadedVersions(): OpenApiVersion[] {
  return openApiVersions.filter((version) => loaded[version] !== undefined);
}
