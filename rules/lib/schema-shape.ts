// What an object schema declares, `$ref`s and `allOf` parts included: how many properties and how
// many required names. Schemas that are no object (arrays, strings, files) and maps have no shape.
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { isObject, resolveChild } from './resolve.js';

export interface ObjectShape {
  properties: number;
  required: number;
}

export function objectShape(ctx: RuleContext, schema: Node<Record<string, unknown>>, depth = 0): ObjectShape | undefined {
  const { value } = schema;
  if (value['type'] !== undefined && value['type'] !== 'object') return undefined;
  const shape: ObjectShape = {
    properties: isObject(value['properties']) ? Object.keys(value['properties']).length : 0,
    required: Array.isArray(value['required']) ? value['required'].length : 0,
  };
  // allOf composes the object from parts (a base definition plus fields); a cycle stops at depth 8.
  const parts = Array.isArray(value['allOf']) && depth < 8 ? value['allOf'] : [];
  for (let i = 0; i < parts.length; i++) {
    const part = resolveChild(ctx, schema, ['allOf', String(i)], 'Schema');
    const inner = part && objectShape(ctx, part, depth + 1);
    if (!inner) continue;
    shape.properties += inner.properties;
    shape.required += inner.required;
  }
  // A map (`additionalProperties` and no properties) has keys chosen by the client, not fields.
  if (shape.properties === 0 && value['additionalProperties'] !== undefined && value['additionalProperties'] !== false) return undefined;
  return shape;
}
