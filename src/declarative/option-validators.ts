// The core functions' option validators, compiled at build time (scripts/build-function-options.ts):
// loading ajv and compiling the schemas here cost some 75 ms of every run with a ruleset.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { packageRoot } from '../paths.js';

/** The generated module's name, beside this one in dist/src/declarative/. */
export const functionOptionsModule = 'function-options-validator.cjs';

let loaded: Readonly<Record<string, ValidateFunction | undefined>> | undefined;

/** The validator of a core function's options (one whose schema is not null); loaded on first use. */
export function optionValidator(fn: string): ValidateFunction {
  // by path from the package root, not from import.meta.url: bundled, this code sits elsewhere (src/paths.ts)
  const file = path.join(packageRoot, 'dist', 'src', 'declarative', functionOptionsModule);
  loaded ??= createRequire(file)(file) as Record<string, ValidateFunction | undefined>;
  const validate = loaded[fn];
  // the build writes one per schema in functions.ts: a missing one is a stale build, not a valid option
  if (!validate) throw new Error(`no compiled option validator for '${fn}' in ${file}; run npm run build`);
  return validate;
}
