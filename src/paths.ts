// Where swaglint's own files are. This module sits in dist/src/, at the depth of the CLI bundle
// (scripts/bundle-cli.ts puts it there), so URLs relative to it hold whether it runs bundled or not;
// a module deeper down that computed them itself would point elsewhere once bundled.
import { fileURLToPath } from 'node:url';

/** The installed package: docs pages are linked from SARIF and from the language server. */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The many-file pool's worker (never bundled: a worker starts from its own module). */
export const lintWorkerUrl = new URL('./cli/lint-worker.js', import.meta.url);

/**
 * OpenAPI 3's compiled schema for a minor version (`3.1`: openapi31-validator.cjs, shipped as
 * openapi31-validator.cjs.br; CommonJS, some 250 KB each), loaded by path so that the bundler leaves
 * them out of the CLI bundle: a Swagger 2.0 run neither reads nor compiles them, a 3.0 run only 3.0's.
 * By name, so a new version adds no line here.
 */
export function openapi3ValidatorFile(version: string): string {
  return fileURLToPath(new URL(`./formats/openapi3/openapi${version.replace('.', '')}-validator.cjs`, import.meta.url));
}
