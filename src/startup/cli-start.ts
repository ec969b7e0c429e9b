import { writeSync } from 'node:fs';
import path from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { cacheDirectory, loadBundle } from './code-cache.js';
import { enableNodeCompileCache } from './node-compile-cache.js';
import { useScriptCache } from './script-cache.js';
import { setPoolWorkerEntry, type PoolWorkerData } from '../cli/pool-entry.js';
import { syncOutput } from './sync-output.js';

/**
 * The start of `swaglint`, bundled as CommonJS for bin/swaglint.js (scripts/bundle-cli.ts): an ES
 * module entry would load Node's ES module loader, and with it its streams and fs/promises, for a
 * few milliseconds of every run. Loads the CLI bundle through the code cache, gives it the process's
 * input and output, and writes the cache after the first run of a build.
 */
export async function start(bundleFile: string, argv: string[], importer: (specifier: string) => Promise<unknown>): Promise<void> {
  let cacheDir: string | undefined;
  try {
    cacheDir = cacheDirectory(process.env);
  } catch {
    // no home directory: no caches, as with SWAGLINT_CODE_CACHE=off
  }
  // before the bundle runs: its top level requires the packages this cache holds
  enableNodeCompileCache(cacheDir);
  useScriptCache(cacheDir);
  setPoolWorkerEntry({ file: path.join(path.dirname(bundleFile), 'startup', 'pool-worker.cjs'), workerData: { bundleFile, cacheDir } });
  const bundle = loadBundle(bundleFile, importer, process.env);
  const done = () => process.exit(process.exitCode ?? 0);
  // the report could not be written (a full disk): one line on stderr, as for any bad input, and exit 2
  const failed = (name: string) => (code: string) => {
    if (name !== 'error') {
      try {
        writeSync(2, `swaglint: cannot write to standard ${name} (${code}).\n`);
      } catch {
        // stderr is gone too: the exit code says it
      }
    }
    process.exit(2);
  };
  // the streams only if a write cannot go straight to the descriptor (see syncOutput)
  const stream = (get: () => NodeJS.WriteStream, onFailed: (code: string) => void) => () => {
    const s = get();
    s.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? done() : onFailed(error.code ?? String(error))));
    return s;
  };
  process.exitCode = await bundle.exports.main(argv, {
    stdout: syncOutput(1, stream(() => process.stdout, failed('output')), done, failed('output')),
    stderr: syncOutput(2, stream(() => process.stderr, failed('error')), done, failed('error')),
    // read only by the commands that prompt: the stream costs as much to set up as stdout's
    get stdin() {
      return process.stdin;
    },
    cwd: () => process.cwd(),
    env: process.env,
  });
  if (bundle.canSave()) {
    // V8 caches only the functions that have run: a first run that was `swaglint rules` or a typo
    // would leave every later lint to compile the parser, the rules and the formatter again
    await bundle.exports.warmUp().catch(() => undefined);
  }
  bundle.save();
  bundle.exports.saveScriptCaches();
}

/**
 * `require('swaglint')` (package.json's `require` condition, dist/src/index.cjs): the library for
 * CommonJS consumers, from the CLI bundle, which is CommonJS code of the whole library already
 * (src/startup/bundle-entry.ts). Nothing is shipped twice and no require(esm) is needed (Node 20.19
 * and later). The bundle runs without the code cache here: a library writes nothing to the user's home.
 */
export function loadLibrary(bundleFile: string): Record<string, unknown> {
  const { main: _main, warmUp: _warmUp, saveScriptCaches: _save, serveLintJobs: _serve, ...library } = loadBundle(bundleFile, (specifier) => import(specifier), { SWAGLINT_CODE_CACHE: 'off' }).exports as unknown as Record<string, unknown>;
  // the minified bundle names functions and classes anew (scripts/bundle-cli.ts): a library user sees
  // each export under the name it is imported by, as the ES module build shows it
  for (const [name, value] of Object.entries(library)) {
    if (typeof value === 'function' && value.name !== name) Object.defineProperty(value, 'name', { value: name });
  }
  return library;
}

/**
 * A worker thread of the CLI's many-file pool (dist/src/startup/pool-worker.cjs, src/cli/pool-entry.ts):
 * the bundle from the code cache the CLI's first run wrote, serving lint jobs. It reads caches and
 * writes none: the CLI's own thread writes them.
 */
export function startPoolWorker(data: PoolWorkerData, port: MessagePort, importer: (specifier: string) => Promise<unknown>): void {
  useScriptCache(data.cacheDir);
  const bundle = loadBundle(data.bundleFile, importer, process.env);
  bundle.exports.serveLintJobs(port);
}
