import { printValue, type CoreFunction, type FunctionResult } from './core-function.js';
import { isObject } from '../json.js';

/** Spectral's input schema for `typedEnum`: an object with an `enum` list and a `type` (a name or a list of names). */
export function typedEnumInput(v: unknown): boolean {
  if (!isObject(v) || !Array.isArray(v['enum'])) return false;
  const type = v['type'];
  return typeof type === 'string' || (Array.isArray(type) && type.every((t) => typeof t === 'string'));
}

/** A value's JSON Schema type; `integer` only when the schema's type names it (else every number is a `number`). */
function typeOf(value: unknown, integers: boolean): string {
  if (typeof value === 'number') return integers && Number.isInteger(value) ? 'integer' : 'number';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Spectral's `typedEnum` (the function of its `typed-enum` rule): each `enum` value whose type is
 * not the schema's `type`, at `enum/<index>`. `nullable: true` (OpenAPI 3.0) and `x-nullable: true`
 * (Swagger 2.0) add `null` only when the document has that format among those Spectral detects for
 * the ruleset (`helpers.formats`): a ruleset that names no formats detects none.
 */
export const typedEnum: CoreFunction = (input, _options, helpers) => {
  const schema = input as { enum: unknown[]; type: string | string[]; [key: string]: unknown };
  const formats = helpers.formats;
  let type = schema.type;
  if ((schema['nullable'] === true && formats?.has('oas3_0') === true) || (schema['x-nullable'] === true && formats?.has('oas2') === true)) {
    type = Array.isArray(type) ? [...type, 'null'] : [type, 'null'];
  }
  const integers = type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  const out: FunctionResult[] = [];
  schema.enum.forEach((value, i) => {
    const actual = typeOf(value, integers);
    if (actual === type || (Array.isArray(type) && type.includes(actual))) return;
    out.push({ message: `Enum value ${printValue(value)} must be "${String(type)}".`, path: ['enum', String(i)] });
  });
  return out.length ? out : undefined;
};
