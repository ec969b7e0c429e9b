import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { nodeBuild, readCache, writableCacheDirectory, writeCache } from './code-cache.js';

/**
 * V8 code caches for the CommonJS code the CLI bundle runs from files of its own (the compiled
 * OpenAPI 3 validators, some 270 KB of generated code each, src/formats/openapi3/validators.ts).
 * Compiling one and the lazy compiles of its functions as a document is checked cost a Bungie-sized
 * run 25-30 ms of its 0.6 s (issue 41, round nine); with the cache, 3 ms of reading it.
 *
 * Off unless the CLI's start turns it on (`useScriptCache`, src/startup/cli-start.ts): the library, the
 * language server and the many-file pool's workers write nothing to the user's home and compile as
 * before. The files sit beside the CLI bundle's own cache, with its checks (src/startup/code-cache.ts):
 * a directory and files of the user's only, a CRC-32, and V8's own check of its version, flags and
 * source. Named by the code's CRC-32 and length and the Node build, so another build's code never
 * meets this one's cache.
 */

const parameters = ['exports', 'require', 'module'];
let directory: string | undefined;
/** Scripts compiled without a usable cache this run: their caches are written after it. */
const unsaved: Array<{ file: string; script: vm.Script }> = [];

/** The CLI's cache directory (`cacheDirectory` in code-cache.ts), or undefined for none. */
export function useScriptCache(dir: string | undefined): void {
  directory = dir;
}

/** `code` as the body of a function of (exports, require, module), as `vm.compileFunction` makes it. */
export function compileCommonJs(code: string, filename: string): (...args: unknown[]) => unknown {
  if (directory === undefined) return vm.compileFunction(code, parameters, { filename }) as (...args: unknown[]) => unknown;
  const name = path.basename(filename).replace(/[^0-9A-Za-z._-]/g, '_');
  const file = path.join(directory, `script-${name}-${crc32(code).toString(16).padStart(8, '0')}-${code.length.toString(16)}-${nodeBuild}.v8`);
  const cachedData = readCache(file);
  const script = new vm.Script(`(function (${parameters.join(', ')}) {${code}\n})`, { filename, ...(cachedData ? { cachedData } : {}) });
  if (cachedData === undefined || script.cachedDataRejected) unsaved.push({ file, script });
  return script.runInThisContext() as (...args: unknown[]) => unknown;
}

/**
 * After the run: writes the caches of the scripts that had none, now that the functions the run
 * needed are compiled (V8 caches only those). Never throws: a cache not written costs the next run
 * its compile time, nothing else.
 */
export function saveScriptCaches(): void {
  if (unsaved.length === 0 || directory === undefined || !writableCacheDirectory(directory)) return;
  for (const { file, script } of unsaved.splice(0)) {
    try {
      writeCache(file, script.createCachedData());
    } catch {
      // as above
    }
  }
}
