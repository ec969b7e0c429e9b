import { createRequire, register } from 'node:module';
import Module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { packageRoot } from '../paths.js';
import { acceptsInput, coreFunctionNames, coreFunctions, optionSchemas, printValue } from './functions.js';
import { compileSchemaNow } from './schema.js';
import { documentOfContext } from './spectral-context.js';
import { spectralFormatNames, spectralFormatsOf } from '../formats/spectral.js';

/**
 * What a ruleset's JavaScript imports from Spectral's packages, implemented by swaglint: the core
 * functions (callable as Spectral's, and recognised when a ruleset's rule names one), the
 * `createRulesetFunction` wrapper, the formats and the `oas` ruleset as names. swaglint does not
 * depend on Spectral: an import of `@stoplight/spectral-*` (or `@stoplight/types`) from a ruleset is
 * answered from here, by module hooks for `import` and by CommonJS resolution for `require`.
 */

/** A Spectral function as a ruleset's code holds it. */
export type RulesetFunction = ((input: unknown, options: unknown, context: unknown) => unknown) & {
  validator?: (options: unknown) => void;
};

const coreNames = new Map<unknown, string>();
const formatNames = new Map<unknown, string>();
const rulesetNames = new Map<unknown, string>();

/** The core function a ruleset's function object is (`truthy` imported from spectral-functions), if it is one. */
export function coreNameOf(fn: unknown): string | undefined {
  return coreNames.get(fn);
}

/** The format name (`oas2`, `oas3_1`) of a format a ruleset's code imported. */
export function formatNameOf(format: unknown): string | undefined {
  return formatNames.get(format);
}

/** `spectral:oas` for the `oas` ruleset imported from spectral-rulesets. */
export function rulesetNameOf(ruleset: unknown): string | undefined {
  return rulesetNames.get(ruleset);
}

/** A core function as a ruleset's code may call it itself: Spectral's results, paths from the document's root. */
function callableCore(name: string): RulesetFunction {
  let validators = new WeakMap<object, ValidateFunction>();
  const fn = (input: unknown, options: unknown, context: unknown): unknown => {
    const opts = (options ?? {}) as Record<string, unknown>;
    if (!acceptsInput(name, input)) return undefined;
    let validator: ValidateFunction | undefined;
    if (name === 'schema') {
      validator = validators.get(opts);
      if (!validator) validators.set(opts, (validator = compileSchemaNow(opts)));
    }
    const ctx = context as { path?: Array<string | number>; document?: { formats?: Set<string> } } | undefined;
    const base = ctx?.path ?? [];
    const document = documentOfContext(context);
    const results = coreFunctions[name]!(input, opts, { validator, formats: ctx?.document?.formats, ...(document ? { document } : {}) }) ?? [];
    // a result without a path is the caller's target's, as Spectral's core functions leave it
    return results.map((r) => (r.path === undefined ? { message: r.message } : { message: r.message, path: r.fromRoot ? r.path : [...base, ...r.path] }));
  };
  Object.defineProperty(fn, 'name', { value: name });
  coreNames.set(fn, name);
  return fn;
}

type AjvLike = { compile(schema: object): ValidateFunction };

const requireHere = createRequire(import.meta.url);
let rulesetFunctionAjv: AjvLike | undefined;

/**
 * The ajv instance of `createRulesetFunction`'s schemas, made when a ruleset's code first calls it
 * (synchronously, as module code does): a ruleset whose functions are plain ones (italia's
 * `checkSecurity`) never pays for loading ajv and its formats (some 40 ms).
 */
function ajvForRulesetFunctions(): AjvLike {
  if (!rulesetFunctionAjv) {
    const { default: Ajv } = requireHere('ajv') as { default: new (o: object) => AjvLike };
    const { default: addFormats } = requireHere('ajv-formats') as { default: (a: AjvLike) => void };
    rulesetFunctionAjv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false, logger: false });
    addFormats(rulesetFunctionAjv);
  }
  return rulesetFunctionAjv;
}

/** Spectral's `createRulesetFunction`: the input schema gates the call, the options schema is checked when the ruleset loads. */
function createRulesetFunction(descriptor: { input?: object | null; options?: object | null; errorOnInvalidInput?: boolean }, fn: RulesetFunction): RulesetFunction {
  const validateInput = descriptor.input ? ajvForRulesetFunctions().compile(descriptor.input) : undefined;
  const validateOptions = descriptor.options ? ajvForRulesetFunctions().compile(descriptor.options) : undefined;
  const wrapped: RulesetFunction = (input, options, context) => {
    if (validateInput && !validateInput(input)) return descriptor.errorOnInvalidInput ? [{ message: 'invalid input' }] : undefined;
    return fn(input, options, context);
  };
  wrapped.validator = (options: unknown) => {
    if (validateOptions === undefined) {
      if (descriptor.options === null && options !== null && options !== undefined) throw new Error(`"${fn.name || '<unknown>'}" function does not accept any options`);
      return;
    }
    if (!validateOptions(options)) {
      const e = validateOptions.errors?.[0];
      throw new Error(`"functionOptions" of "${fn.name || '<unknown>'}" function must be valid: ${e ? `${e.instancePath || 'the options'} ${e.message ?? ''}` : 'invalid'}`);
    }
  };
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  return wrapped;
}

/**
 * Spectral's format detectors, by name: the OpenAPI ones ask the one detector of src/formats/spectral.ts
 * (so an imported `oas2` and a ruleset's `formats: [oas2]` agree on `swagger: "2.1"`); the others
 * are formats swaglint lints none of.
 */
const formatTests: Record<string, (doc: unknown) => boolean> = {
  ...Object.fromEntries(spectralFormatNames.map((name) => [name, (d: unknown) => spectralFormatsOf(d, undefined).has(name)])),
  asyncapi2: (d) => version(d, 'asyncapi', /^2\./),
  asyncapi3: (d) => version(d, 'asyncapi', /^3\./),
  arazzo1_0: (d) => version(d, 'arazzo', /^1\.0(\.|$)/),
  jsonSchema: () => false,
  jsonSchemaLoose: () => false,
  jsonSchemaDraft4: () => false,
  jsonSchemaDraft6: () => false,
  jsonSchemaDraft7: () => false,
  jsonSchemaDraft2019_09: () => false,
  jsonSchemaDraft2020_12: () => false,
};

function version(doc: unknown, key: string, re: RegExp): boolean {
  const v = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[key] : undefined;
  return (typeof v === 'string' || typeof v === 'number') && re.test(String(v));
}

let installed: Promise<void> | undefined;

/**
 * Puts the implementations where the shims find them and routes the imports to the shims, once per
 * thread (a lint worker loads a ruleset's functions again). Returns when code may be imported.
 */
export function installSpectralApi(): Promise<void> {
  installed ??= (async () => {
    const functions: Record<string, unknown> = {};
    for (const name of coreFunctionNames) functions[name] = callableCore(name);
    const formats: Record<string, unknown> = {};
    for (const [name, test] of Object.entries(formatTests)) {
      const f = (doc: unknown) => test(doc);
      Object.defineProperty(f, 'displayName', { value: name });
      formatNames.set(f, name);
      formats[name] = f;
    }
    const rulesets: Record<string, unknown> = {};
    for (const name of ['oas', 'asyncapi', 'arazzo']) {
      const marker = Object.freeze({ name: `spectral:${name}` });
      rulesetNames.set(marker, `spectral:${name}`);
      rulesets[name] = marker;
    }
    // spectral:oas's function that is a core function here, as `@stoplight/spectral-rulesets/dist/oas/functions` exports it
    rulesets['typedEnum'] = functions['typedEnum'];
    const severity = { Error: 0, Warning: 1, Information: 2, Hint: 3, 0: 'Error', 1: 'Warning', 2: 'Information', 3: 'Hint' };
    const api: Record<string, Record<string, unknown>> = {
      functions,
      core: { createRulesetFunction, RulesetValidationError: class RulesetValidationError extends Error {}, optionSchemas },
      formats,
      rulesets,
      types: { DiagnosticSeverity: severity },
      runtime: { printValue },
    };
    (globalThis as Record<symbol, unknown>)[Symbol.for('swaglint.spectral-api')] = api;
    routeImports();
  })();
  return installed;
}

const packages: Record<string, string> = {
  '@stoplight/spectral-functions': 'functions',
  '@stoplight/spectral-core': 'core',
  '@stoplight/spectral-formats': 'formats',
  '@stoplight/spectral-rulesets': 'rulesets',
  '@stoplight/types': 'types',
  '@stoplight/spectral-runtime': 'runtime',
};

let hooked = false;

/**
 * Routes `import`s of Spectral's packages to the shims (module hooks), before an ES module that may
 * make one is imported. Only then: Node runs the hooks on a thread of their own, whose start and
 * round trips cost a third of a second a run, and a function file that imports nothing of Spectral's
 * (a CommonJS bundle) needs none of it.
 */
export async function hookImports(): Promise<void> {
  await installSpectralApi();
  if (hooked) return;
  hooked = true;
  const api = (globalThis as Record<symbol, Record<string, Record<string, unknown>>>)[Symbol.for('swaglint.spectral-api')]!;
  const modules: Record<string, { key: string; names: string[] }> = {};
  for (const [pkg, key] of Object.entries(packages)) modules[pkg] = { key, names: Object.keys(api[key]!).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n)) };
  register(pathToFileURL(path.join(packageRoot, 'dist', 'src', 'declarative', 'alias-hooks.js')).href, { data: { modules } });
}

function routeImports(): void {
  const shims = path.join(packageRoot, 'dist', 'src', 'declarative', 'shims');
  // `require` in a CommonJS ruleset or function: the same packages, to the CommonJS shims
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = loader._resolveFilename;
  loader._resolveFilename = function (request: string, ...rest: unknown[]): string {
    const m = /^(@stoplight\/[a-z-]+)(\/.*)?$/.exec(request);
    const key = m ? packages[m[1]!] : undefined;
    return key ? path.join(shims, `${key}.cjs`) : original.call(this, request, ...rest);
  };
}
