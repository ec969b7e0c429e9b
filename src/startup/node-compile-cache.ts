import module from 'node:module';
import path from 'node:path';
import { writableCacheDirectory } from './code-cache.js';

type EnableCompileCache = (directory?: string) => unknown;

/**
 * Node 22.1 and later keep V8's code for the CommonJS and ES modules they load in a compile cache
 * when asked (`module.enableCompileCache`); Node 20 has none. The CLI bundle has its own cache
 * (code-cache.ts); this one holds the packages it requires from node_modules (js-yaml, pluralize,
 * ajv's runtime, yargs for help) and the start script itself. In the CLI's cache directory, under
 * `node/` (Node names a folder per Node build in it), so only where that directory is the user's and
 * no one else can write it; nothing when `SWAGLINT_CODE_CACHE` turns caches off or Node was told to
 * keep none (`NODE_DISABLE_COMPILE_CACHE`, which Node honours itself). Node reads and writes the files:
 * a cache it cannot write is skipped silently, never failing a lint.
 */
export function enableNodeCompileCache(dir: string | undefined): void {
  const enable = (module as unknown as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (enable === undefined || dir === undefined || !writableCacheDirectory(dir)) return;
  try {
    enable(path.join(dir, 'node'));
  } catch {
    // a Node whose cache cannot start compiles as without one
  }
}
