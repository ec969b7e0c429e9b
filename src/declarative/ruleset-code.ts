import { existsSync, readFileSync, statSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { hookImports, installSpectralApi, type RulesetFunction } from './spectral-api.js';
import type { CodeRef } from './types.js';

/**
 * A ruleset's module (a `.spectral.js`, an npm package's ruleset, a function of `functionsDir`),
 * imported with Spectral's packages answered by swaglint. The caller has decided that this code may
 * run (docs/security.md).
 */
export async function importRulesetModule(file: string): Promise<Record<string, unknown>> {
  await installSpectralApi();
  if (importsSpectral(file, new Set())) await hookImports();
  // read as CommonJS whatever its package says (below): known before importing, when it has no
  // `import`/`export` (its import could only fail or export nothing); an import would start Node's ES
  // module loader, milliseconds of a run, to fail
  if (loadsAsEsModule(file)) {
    const source = readFileSync(file, 'utf8');
    if (compilesAsCommonJs(file, source)) return { default: commonJs(file, source) };
  }
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    // A CommonJS function file where a package.json says "type": "module": Spectral's bundler reads
    // it as CommonJS all the same, so swaglint does too
    if (!(error instanceof ReferenceError) || !/\b(exports|module|require) is not defined in ES module scope/.test(error.message)) throw error;
    return { default: commonJs(file) };
  }
}

/**
 * Whether a module, or a module it imports by a relative path (followed to 200 files), names a
 * Spectral package: then its `import`s need the module hooks. Read as text, over-approximately (a
 * mention in a comment counts); a `require` needs no hook.
 */
function importsSpectral(file: string, seen: Set<string>): boolean {
  if (seen.has(file) || seen.size >= 200) return seen.size >= 200;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false; // the import itself says why
  }
  if (text.includes('@stoplight/')) return true;
  for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), m[1]!);
    for (const candidate of [target, `${target}.js`, `${target}.mjs`, path.join(target, 'index.js')]) {
      if (existsSync(candidate) && importsSpectral(candidate, seen)) return true;
    }
  }
  return false;
}

/** Whether Node imports this file as an ES module: `.mjs`, or `.js` under a package.json of `"type": "module"`. */
function loadsAsEsModule(file: string): boolean {
  if (file.endsWith('.mjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module';
      } catch {
        return false; // left to the import, whose error names the file
      }
    }
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * Whether a module's text compiles as a CommonJS module's body: no `import`/`export` declaration, no
 * top-level `await`, no `import.meta`. Compiled only (V8 parses it), not run.
 */
function compilesAsCommonJs(file: string, source: string): boolean {
  try {
    new vm.Script(Module.wrap(source), { filename: file });
    return true;
  } catch {
    return false;
  }
}

/**
 * A file run as a CommonJS module whatever its package says; its `require`s resolve from beside it.
 * `source` is its text when already read (the text checked is the text run).
 */
function commonJs(file: string, source = readFileSync(file, 'utf8')): unknown {
  const loader = Module as unknown as { new (id: string): CommonJsModule; _nodeModulePaths(dir: string): string[] };
  const m = new loader(file);
  m.filename = file;
  m.paths = loader._nodeModulePaths(path.dirname(file));
  m._compile(source, file);
  return m.exports;
}

interface CommonJsModule {
  filename: string;
  paths: string[];
  exports: unknown;
  _compile(source: string, file: string): void;
}

/**
 * A code reference: the module, the path from its namespace to the function, and the module's content
 * hash, so that an edit is a new configuration (the lint cache's key). The hash is made when first read
 * (the cache, a worker's copy of the configuration): node:crypto alone costs a plain run some 5 ms.
 */
export function codeRef(module: string, path: Array<string | number>, hash: () => string = contentHashOf(module)): CodeRef {
  return {
    module,
    path,
    get hash() {
      return hash();
    },
  };
}

/** The module's content hash, made once when first asked. */
export function contentHashOf(file: string): () => string {
  let hash: string | undefined;
  return () => (hash ??= contentHash(file));
}

function contentHash(file: string): string {
  try {
    return process.getBuiltinModule('node:crypto').createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  } catch {
    return 'unreadable';
  }
}

const loaded = new Map<string, Promise<RulesetFunction>>();

/**
 * The function a code reference names: the module imported (once per thread), then its path walked.
 * Keyed by the module's time and size too: a function file edited during a session and run here as
 * CommonJS runs anew (a module Node imported stays in Node's own cache).
 */
export function loadFunction(ref: CodeRef): Promise<RulesetFunction> {
  const key = `${ref.module}\u0000${ref.path.join('\u0000')}\u0000${moduleStamp(ref.module)}`;
  let fn = loaded.get(key);
  if (!fn) {
    fn = importRulesetModule(ref.module).then((namespace) => {
      let value: unknown = namespace;
      for (const seg of ref.path) value = value !== null && (typeof value === 'object' || typeof value === 'function') ? (value as Record<string, unknown>)[seg] : undefined;
      // `exports.default = fn` in a CommonJS file: its default export is the function, as Spectral's bundler reads it
      if (value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)['default'] === 'function') value = (value as Record<string, unknown>)['default'];
      if (typeof value !== 'function') throw new Error(`${ref.module} has no function at ${ref.path.join('.')}`);
      return value as RulesetFunction;
    });
    loaded.set(key, fn);
  }
  return fn;
}

/** A module's modification time and size: in one process, what tells an edited module without hashing it. */
export function moduleStamp(file: string): string {
  try {
    const stats = statSync(file);
    return `${stats.mtimeMs}:${stats.size}`;
  } catch {
    return 'unreadable';
  }
}
