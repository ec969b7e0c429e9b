import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
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
 */

export interface BundleExports {
  main(argv: string[], io: unknown): Promise<number>;
}

export interface LoadedBundle {
  exports: BundleExports;
  /** After the run: writes the cache when there was no usable one. Never throws. */
  save(): void;
}

/** The names the bundle expects from its wrapper (see scripts/bundle-cli.ts). */
const wrapperParameters = ['exports', 'require', 'module', '__swaglintModuleUrl', '__swaglintImport'];
const magic = 'swaglint-v8-cache-1\n';
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
  return {
    exports: module.exports,
    save() {
      if (usable || !cache) return;
      try {
        writeCache(cache, script.createCachedData());
      } catch {
        // a cache that cannot be written costs the next run its compile time, nothing else
      }
    },
  };
}

/** The content hash the bundler wrote on the first line; without one, the content's own. */
function bundleId(text: string): string {
  const id = /^\/\/ swaglint-bundle ([0-9a-f]{64})\n/.exec(text.slice(0, 100));
  return id ? id[1]! : createHash('sha256').update(text).digest('hex');
}

/** Where the cache of this bundle for this Node build lives; none when disabled or not safely possible. */
function cacheFile(id: string, env: NodeJS.ProcessEnv): string | undefined {
  if (/^(0|off|false|no)$/i.test(env['SWAGLINT_CODE_CACHE'] ?? '')) return undefined;
  const base = env['XDG_CACHE_HOME'] && path.isAbsolute(env['XDG_CACHE_HOME']) ? env['XDG_CACHE_HOME'] : path.join(os.homedir(), '.cache');
  const key = createHash('sha256').update(`${process.version}\0${process.arch}\0${process.versions.v8}\0${id}`).digest('hex').slice(0, 32);
  return path.join(base, 'swaglint', `cli-${key}.v8`);
}

/** Only the user's own, writable by no one else: a directory or file others can write could carry their code. */
function trusted(stats: { uid: number; mode: number }): boolean {
  const uid = process.getuid?.();
  return (uid === undefined || stats.uid === uid) && (stats.mode & 0o022) === 0;
}

function readCache(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    const dir = lstatSync(path.dirname(file));
    if (!dir.isDirectory() || !trusted(dir)) return undefined;
    // O_NOFOLLOW: a symlink planted in place of the file is refused, not followed
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stats = fstatSync(fd);
    if (!stats.isFile() || !trusted(stats) || stats.size > maxCacheBytes || stats.size < magic.length + 64) return undefined;
    const bytes = Buffer.alloc(stats.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    if (bytes.toString('latin1', 0, magic.length) !== magic) return undefined;
    const sum = bytes.toString('latin1', magic.length, magic.length + 64);
    const payload = bytes.subarray(magic.length + 64);
    return createHash('sha256').update(payload).digest('hex') === sum ? payload : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Temp file, then rename: a reader sees the old cache, no cache or the whole new one. */
function writeCache(file: string, data: Buffer): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = lstatSync(dir);
  if (!stats.isDirectory() || !trusted(stats)) return;
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    const header = Buffer.from(magic + createHash('sha256').update(data).digest('hex'), 'latin1');
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
}
