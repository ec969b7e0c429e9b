import { accessSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/**
 * Runs the CLI bundle through `vm.Script` with a V8 code cache: most of a small lint's start-up above
 * bare Node is compiling the 1.3 MB bundle, and Node 20 has no module compile cache. The cache is
 * made by the first run (after it, so that the functions the run needed are in it), for the exact
 * bundle and Node build, and kept in the user's cache directory.
 *
 * Cached code is code: the file is used only from a directory and a file that belong to the user and
 * that no one else can write, and only when its checksum and its key (bundle content, Node version,
 * architecture) match. V8 checks its own version and flags and rejects what does not fit; a rejected,
 * corrupt or unreadable cache is ignored and replaced. `SWAGLINT_CODE_CACHE=off` disables it.
 *
 * Nothing here loads `node:crypto` (some 4 ms of a 70 ms start): the bundle names its content by the
 * hash the build wrote into its first line, and a CRC-32 (zlib's) finds a damaged file; whether a file
 * could have been planted is the directory's and the file's ownership and mode, not a checksum.
 */

export interface BundleExports {
  main(argv: string[], io: unknown): Promise<number>;
  /** Runs the common work of a lint in memory, so that the code cache written next holds it. */
  warmUp(): Promise<void>;
  /** Lints the files sent to a worker thread of the many-file pool (src/cli/lint-jobs.ts). */
  serveLintJobs(port: import('node:worker_threads').MessagePort): void;
  /** Writes the caches of the scripts the bundle compiled itself (script-cache.ts) after the run; never throws. */
  saveScriptCaches(): void;
}

export interface LoadedBundle {
  exports: BundleExports;
  /**
   * Whether `save` would write a cache: it is not disabled and its directory is ours and writable. A
   * read-only home or `SWAGLINT_CODE_CACHE=off` makes every run uncached: none may pay for a warm-up.
   */
  canSave(): boolean;
  /** After the run: writes the cache when there was no usable one. Never throws. */
  save(): void;
}

/** The names the bundle expects from its wrapper (see scripts/bundle-cli.ts). */
const wrapperParameters = ['exports', 'require', 'module', '__swaglintModuleUrl', '__swaglintImport'];
const magic = 'swaglint-v8-cache-2\n';
/** The header: the magic line, then the payload's CRC-32 as 8 hex digits. */
const headerBytes = magic.length + 8;
/** No cache file of a 1.3 MB bundle is near this; a larger one is not ours. */
const maxCacheBytes = 64 * 2 ** 20;

export function loadBundle(file: string, importer: (specifier: string) => Promise<unknown>, env: NodeJS.ProcessEnv): LoadedBundle {
  const text = readFileSync(file, 'utf8');
  const source = `(function (${wrapperParameters.join(', ')}) {${text}\n})`;
  let cache: string | undefined;
  try {
    cache = cacheFile(bundleId(text), env);
  } catch {
    // no home directory to keep a cache in: every run compiles, as without one
  }
  const cachedData = cache ? readCache(cache) : undefined;
  const script = new vm.Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const usable = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as BundleExports };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(file), module, pathToFileURL(file).href, importer);
  // decided once: the warm-up asks before the run's end, and the save after it
  let saveable: boolean | undefined;
  const canSave = (): boolean => {
    if (saveable === undefined) {
      saveable = false;
      // not ours, or not writable: no cache, no warm-up
      if (!usable && cache) saveable = writableCacheDirectory(path.dirname(cache));
    }
    return saveable;
  };
  return {
    exports: module.exports,
    canSave,
    save() {
      if (!canSave()) return;
      try {
        writeCache(cache!, script.createCachedData());
      } catch {
        // a cache that cannot be written costs the next run its compile time, nothing else
      }
    },
  };
}

/** The content hash the bundler wrote on the first line (scripts/bundle-cli.ts); a bundle without one gets no cache. */
function bundleId(text: string): string | undefined {
  return /^\/\/ swaglint-bundle ([0-9a-f]{64})\n/.exec(text.slice(0, 100))?.[1];
}

/** The part of a cache file's name that names the Node build: caches of other builds are left alone. */
export const nodeBuild = `node${process.versions.node}-v8-${process.versions.v8.replace(/[^0-9A-Za-z.]/g, '_')}-${process.arch}`;

/** Where the cache of this bundle for this Node build lives; none when disabled or not safely possible. */
function cacheFile(id: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const dir = cacheDirectory(env);
  return id === undefined || dir === undefined ? undefined : path.join(dir, `cli-${id.slice(0, 32)}-${nodeBuild}.v8`);
}

/**
 * The user's swaglint cache directory (not made here), where every code cache of the CLI goes; none
 * when `SWAGLINT_CODE_CACHE` turns them off. Throws when there is no home directory.
 */
export function cacheDirectory(env: NodeJS.ProcessEnv): string | undefined {
  if (/^(0|off|false|no)$/i.test(env['SWAGLINT_CODE_CACHE'] ?? '')) return undefined;
  const base = env['XDG_CACHE_HOME'] && path.isAbsolute(env['XDG_CACHE_HOME']) ? env['XDG_CACHE_HOME'] : path.join(os.homedir(), '.cache');
  return path.join(base, 'swaglint');
}

/** Whether caches may be written in `dir`: made if need be, the user's, and no one else can write it. Never throws. */
export function writableCacheDirectory(dir: string): boolean {
  try {
    if (!ownDirectory(dir)) return false;
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function crc32(bytes: Uint8Array): string {
  return process.getBuiltinModule('node:zlib').crc32(bytes).toString(16).padStart(8, '0');
}

/** Only the user's own, writable by no one else: a directory or file others can write could carry their code. */
function trusted(stats: { uid: number; mode: number }): boolean {
  const uid = process.getuid?.();
  return (uid === undefined || stats.uid === uid) && (stats.mode & 0o022) === 0;
}

/** The payload of a cache file, if it is whole and could only have been written by the user; never throws. */
export function readCache(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    const dir = lstatSync(path.dirname(file));
    if (!dir.isDirectory() || !trusted(dir)) return undefined;
    // O_NOFOLLOW: a symlink planted in place of the file is refused, not followed
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stats = fstatSync(fd);
    if (!stats.isFile() || !trusted(stats) || stats.size > maxCacheBytes || stats.size < headerBytes) return undefined;
    const bytes = Buffer.alloc(stats.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    if (bytes.toString('latin1', 0, magic.length) !== magic) return undefined;
    const payload = bytes.subarray(headerBytes);
    return crc32(payload) === bytes.toString('latin1', magic.length, headerBytes) ? payload : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Makes the cache directory if need be; whether it is a directory of the user's that no one else can write. */
function ownDirectory(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = lstatSync(dir);
  return stats.isDirectory() && trusted(stats);
}

/** Temp file, then rename: a reader sees the old cache, no cache or the whole new one. Its directory was checked (`writableCacheDirectory`). */
export function writeCache(file: string, data: Buffer): void {
  const dir = path.dirname(file);
  // O_EXCL below refuses a name that exists: a planted file or a racing run's temp file
  const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    const header = Buffer.from(magic + crc32(data), 'latin1');
    for (const chunk of [header, data]) {
      let written = 0;
      while (written < chunk.length) written += writeSync(fd, chunk, written);
    }
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, file);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
  removeStale(dir, path.basename(file));
}

/** A cache not written for this long is removed when another is written (a used one is then made again). */
const staleAfterMs = 30 * 24 * 3600 * 1000;

/**
 * Each upgrade of swaglint or of Node leaves a cache file nobody reads again. They go when they are a
 * month old, not at once: two installed versions used by turns would otherwise delete each other's
 * cache at every run. A cache still in use is simply written again by its next run.
 */
function removeStale(dir: string, current: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (name === current || !/^(cli-[0-9a-f]{32}(-[0-9A-Za-z._-]+)?|script-[0-9A-Za-z._-]+)\.v8$/.test(name)) continue;
    try {
      const stats = lstatSync(path.join(dir, name));
      if (stats.isFile() && now - stats.mtimeMs > staleAfterMs) unlinkSync(path.join(dir, name));
    } catch {
      // another run removed it first
    }
  }
}
