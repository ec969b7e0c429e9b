import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { nodeBuild, readCache, writableCacheDirectory, writeCache } from './code-cache.js';

/**
 * V8 code caches for the CommonJS code the CLI bundle runs from files of its own (the compiled
 * OpenAPI 3 validators, some 270 KB of generated code each, src/formats/openapi3/validators.ts) and
 * for js-yaml's single-file build, which every YAML run requires (scripts/bundle-cli.ts). Compiling a
 * validator and the lazy compiles of its functions as a document is checked cost a Bungie-sized run
 * 25-30 ms of its 0.6 s (issue 41, round nine), with the cache 3 ms of reading it; js-yaml, 11 ms
 * required, 6 ms through its cache (cold processes, load 6).
 *
 * Off unless the CLI's start turns it on (`useScriptCache`, src/startup/cli-start.ts): the library, the
 * language server and the many-file pool's workers write nothing to the user's home and compile as
 * before. The files sit beside the CLI bundle's own cache, with its checks (src/startup/code-cache.ts):
 * a directory and files of the user's only, a CRC-32, and V8's own check of its version, flags and
 * source. Named by the code's CRC-32 and length and the Node build, so another build's code never
 * meets this one's cache.
 */

const parameters = ['exports', 'require', 'module'];
/**
 * Where the CLI's start put its cache directory (`cacheDirectory` in code-cache.ts) before running the
 * bundle, whose top level already requires js-yaml: a property of the process's global object, as the
 * start script and the bundle are two scripts, each with its own copy of this module.
 */
const directoryKey = Symbol.for('swaglint.scriptCacheDirectory');
/** Scripts compiled without a usable cache this run: their caches are written after it. */
const unsaved: Array<{ file: string; script: vm.Script }> = [];

/** Called by the CLI's start, before the bundle runs: the cache directory, or undefined for none. */
export function useScriptCache(dir: string | undefined): void {
  (globalThis as Record<symbol, unknown>)[directoryKey] = dir;
}

function cacheDirectory(): string | undefined {
  const dir = (globalThis as Record<symbol, unknown>)[directoryKey];
  return typeof dir === 'string' ? dir : undefined;
}

/** `code` as the body of a function of (exports, require, module), as `vm.compileFunction` makes it. */
export function compileCommonJs(code: string, filename: string): (...args: unknown[]) => unknown {
  const directory = cacheDirectory();
  if (directory === undefined) return vm.compileFunction(code, parameters, { filename }) as (...args: unknown[]) => unknown;
  const name = path.basename(filename).replace(/[^0-9A-Za-z._-]/g, '_');
  const file = path.join(directory, `script-${name}-${process.getBuiltinModule('node:zlib').crc32(code).toString(16).padStart(8, '0')}-${code.length.toString(16)}-${nodeBuild}.v8`);
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
  const directory = cacheDirectory();
  if (unsaved.length === 0 || directory === undefined || !writableCacheDirectory(directory)) return;
  for (const { file, script } of unsaved.splice(0)) {
    try {
      writeCache(file, script.createCachedData());
    } catch {
      // as above
    }
  }
}

/**
 * A CommonJS file that needs nothing of Node's module system but `exports`, `require` and `module`
 * (not its own file or directory name, not `require.cache` or `module.parent`), through the cache;
 * `nodeRequire(file)` when there is none. Each call runs the file again: callers keep what it returns.
 */
export function requireCached(file: string, nodeRequire: (id: string) => unknown): unknown {
  if (cacheDirectory() === undefined) return nodeRequire(file);
  const module = { exports: {} as unknown };
  compileCommonJs(readFileSync(file, 'utf8'), file).call(module.exports, module.exports, createRequire(file), module);
  return module.exports;
}
