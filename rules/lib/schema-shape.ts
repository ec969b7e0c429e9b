// What an object schema declares, `$ref`s and `allOf` parts included: how many properties and how
// many required names. Schemas that are no object (arrays, strings, files) and maps have no shape.
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { isObject, resolveChild } from './resolve.js';

export interface ObjectShape {
  properties: number;
  required: number;
}

/**
 * Each schema object counts once (`seen`): a body whose `allOf` names its own definition twenty times
 * made 20^8 visits when only depth stopped the recursion; now the cost is the schema's size.
 */
export function objectShape(ctx: RuleContext, schema: Node<Record<string, unknown>>, seen = new Set<object>(), depth = 0): ObjectShape | undefined {
  const { value } = schema;
  seen.add(value);
  const type = value['type'];
  // OpenAPI 3.1 (JSON Schema) may list types: `[object, 'null']` is an object that may be null
  if (type !== undefined && type !== 'object' && !(Array.isArray(type) && type.includes('object'))) return undefined;
  const shape: ObjectShape = {
    properties: isObject(value['properties']) ? Object.keys(value['properties']).length : 0,
    required: Array.isArray(value['required']) ? value['required'].length : 0,
  };
  // allOf composes the object from parts (a base definition plus fields); a part already counted adds nothing.
  const parts = Array.isArray(value['allOf']) && depth < 64 ? value['allOf'] : [];
  for (let i = 0; i < parts.length; i++) {
    const part = resolveChild(ctx, schema, ['allOf', String(i)], 'Schema');
    if (!part || seen.has(part.value)) continue;
    const inner = objectShape(ctx, part, seen, depth + 1);
    if (!inner) continue;
    shape.properties += inner.properties;
    shape.required += inner.required;
  }
  // A map (`additionalProperties` and no properties) has keys chosen by the client, not fields.
  if (shape.properties === 0 && value['additionalProperties'] !== undefined && value['additionalProperties'] !== false) return undefined;
  return shape;
}
