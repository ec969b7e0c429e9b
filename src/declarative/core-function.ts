import type { ValidateFunction } from 'ajv';
import type { LoadedDocument } from '../load/refs.js';

/**
 * What a core function found: a message (with `{{print}}`-style placeholders already filled in by
 * the caller's `format`) and, where the finding is below the target, the path below it.
 */
export interface FunctionResult {
  message: string;
  path?: string[];
  /** `path` is from the document's root, not from the target (Spectral's unreferencedReusableObject). */
  fromRoot?: boolean;
}

export type CoreFunction = (input: unknown, options: Record<string, unknown>, helpers: Helpers) => FunctionResult[] | undefined;

export interface Helpers {
  /** The compiled JSON Schema of a `schema` function's options (compiled once per rule). */
  validator?: ValidateFunction;
  /** The document being linted: what `unreferencedReusableObject` reads the `$ref`s of. */
  document?: LoadedDocument;
  /** The document's formats as Spectral detects them for the ruleset (`oas2`, `oas3_0`…): what `typedEnum` reads. */
  formats?: ReadonlySet<string>;
}

/** A value as Spectral's messages print it. */
export function printValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'Array[]';
  if (value instanceof RegExp) return value.source;
  if (value !== null && typeof value === 'object') return 'Object{}';
  return JSON.stringify(value);
}
