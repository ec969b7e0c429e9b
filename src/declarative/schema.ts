import type { ValidateFunction } from 'ajv';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from '../paths.js';
import { patternRegex } from './functions.js';

const requireHere = createRequire(path.join(packageRoot, 'package.json'));

type AjvLike = { compile(schema: object | boolean): ValidateFunction; getSchema(id: string): ValidateFunction | undefined; removeSchema(id: string): unknown };
type AjvClass = new (options: object) => AjvLike;

const instances = new Map<string, AjvLike>();

/** Which JSON Schema dialect a `schema` function's schema is written in, as Spectral decides it. */
function dialectOf(options: Record<string, unknown>): string {
  const given = options['dialect'];
  if (typeof given === 'string' && given !== 'auto') return given;
  const schema = options['schema'];
  const declared = schema !== null && typeof schema === 'object' ? (schema as Record<string, unknown>)['$schema'] : undefined;
  if (typeof declared !== 'string') return 'draft7';
  if (/draft-04/.test(declared)) return 'draft4';
  if (/draft-06/.test(declared)) return 'draft6';
  if (/2019-09/.test(declared)) return 'draft2019-09';
  if (/2020-12/.test(declared)) return 'draft2020-12';
  return 'draft7';
}

/**
 * The shared ajv instance of a dialect, made on first use. Loaded by `require` (ajv is CommonJS):
 * synchronously, so that a ruleset's code calling `schema` itself compiles on the spot, and without
 * loading the dialects no rule uses.
 */
function ajvFor(dialect: string, allErrors: boolean): AjvLike {
  const key = `${dialect}:${allErrors}`;
  let ajv = instances.get(key);
  if (ajv) return ajv;
  const load = (specifier: string) => (requireHere(specifier) as { default: AjvClass }).default;
  const Ajv = dialect === 'draft4' ? load('ajv-draft-04') : dialect === 'draft2019-09' ? load('ajv/dist/2019.js') : dialect === 'draft2020-12' ? load('ajv/dist/2020.js') : load('ajv');
  // a ruleset's `pattern` keywords run on the document's strings: in linear time, as the pattern function's
  // ajv keys each compiled pattern by its toString(), as a RegExp's would be: without one every pattern
  // was '[object Object]', and the first one compiled stood for all the others
  const regExp = Object.assign(
    (source: string, flags: string) => {
      const matcher = patternRegex(`/${source}/${flags}`);
      return { test: (text: string) => matcher.test(text), toString: () => `/${source}/${flags}` };
    },
    { code: 'swaglintLinearRegExp' },
  );
  ajv = new Ajv({ allErrors, strict: false, validateSchema: false, logger: false, code: { regExp } });
  const { default: addFormats } = requireHere('ajv-formats') as { default: (a: AjvLike) => void };
  addFormats(ajv);
  instances.set(key, ajv);
  return ajv;
}

/**
 * The validator for a `schema` function's options, compiled once per rule when the rule sets up
 * (ajv is loaded only by a configuration that uses `schema`). A schema that does not compile was
 * refused when the configuration loaded (`checkSchema`).
 */
export async function compileSchema(options: Record<string, unknown>): Promise<ValidateFunction> {
  return compileSchemaNow(options);
}

/**
 * Compiles in a shared instance. Two rules may carry the same schema file (its `$id` the same): the
 * one compiled first is used again when it is the same schema, and replaced in the instance's
 * registry when it is not (validators compiled before keep what they compiled).
 */
function compileIn(ajv: AjvLike, schema: object): ValidateFunction {
  const id = schema !== null && typeof schema === 'object' ? ((schema as Record<string, unknown>)['$id'] ?? (schema as Record<string, unknown>)['id']) : undefined;
  if (typeof id === 'string') {
    const known = ajv.getSchema(id);
    if (known && JSON.stringify(known.schema) === JSON.stringify(schema)) return known;
    if (known) ajv.removeSchema(id);
  }
  return ajv.compile(schema);
}

/** Why a `schema` function's schema does not compile, or undefined when it does. */
export async function checkSchema(options: Record<string, unknown>): Promise<string | undefined> {
  try {
    await compileSchema(options);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `compileSchema`, synchronous, as a function a ruleset's code calls must be. */
export function compileSchemaNow(options: Record<string, unknown>): ValidateFunction {
  return compileIn(ajvFor(dialectOf(options), options['allErrors'] === true), options['schema'] as object);
}
