// Schema Object keywords whose meaning differs between 3.0 and 3.1: `items` beside `type: array` (required
// in 3.0, optional in JSON Schema 2020-12) and `nullable` (3.0 only, and only beside `type`).
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import type { Json } from '../model.js';
import { jsonSchema2020 } from '../version.js';

export const arrayItems: Check = {
  id: 'array-items',
  category: 'validity',
  severity: 'error',
  description: 'Every `type: array` declares its `items` (Swagger 2.0 and OpenAPI 3.0; 3.1\'s JSON Schema does not ask for it).',
  run(model, report) {
    // 3.1's Schema Object is JSON Schema 2020-12, where an array without `items` is a list of anything
    if (model.version !== '3.0') return;
    for (const node of model.nodes) {
      if (node.kind !== 'Schema' || node.value['type'] !== 'array' || node.value['items'] !== undefined) continue;
      report({ place: node, property: ['type'], message: 'This schema is type: array but has no items (OpenAPI 3.0: "items MUST be present if the type is array"); say what the list holds, such as items: {type: string}.' });
    }
  },
};

/** What a 3.1 schema with `nullable` should say instead, and whether null is rejected as it stands. */
function nullableIn31(value: Json): string {
  const type = value['type'];
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.map(String) : [];
  if (types.includes('null')) return "; `type` already lists 'null': remove `nullable`.";
  if (types.length > 0) {
    const effect = value['nullable'] === true ? 'so null is still rejected' : 'so null is not affected';
    return ` (JSON Schema 2020-12 ignores it, ${effect}); write type: [${[...types, "'null'"].join(', ')}] instead.`;
  }
  // no type to add 'null' to: `type: ['null']` beside a `$ref` or a composition would allow null only
  const ref = value['$ref'];
  const alone = typeof ref === 'string' ? `{$ref: '${ref}'}` : '<this schema>';
  return ` (JSON Schema 2020-12 ignores it); this schema has no \`type\` to add 'null' to: to allow null, write anyOf: [${alone}, {type: 'null'}].`;
}

export const nullableType: Check = {
  id: 'nullable-type',
  category: 'validity',
  severity: 'warn',
  description: 'OpenAPI 3.0: `nullable: true` stands beside a `type` (without one it has no effect); 3.1 has no `nullable`, it lists `\'null\'` in `type`.',
  run(model, report) {
    const flag = (value: Json) => value['nullable'];
    if (jsonSchema2020(model.version)) {
      for (const node of model.nodes) {
        if (node.kind !== 'Schema' || flag(node.value) === undefined) continue;
        report({ place: node, property: ['nullable'], message: `\`nullable\` is not a keyword in OpenAPI ${model.version}${nullableIn31(node.value)}` });
      }
      return;
    }
    for (const node of model.nodes) {
      if (node.kind !== 'Schema' || flag(node.value) !== true || node.value['type'] !== undefined) continue;
      const composed = Array.isArray(node.value['allOf']) ? ' (an `allOf` member still rejects null)' : '';
      report({ place: node, property: ['nullable'], message: `\`nullable: true\` takes effect only beside a \`type\` in the same schema (OpenAPI 3.0.3), so here it allows nothing more${composed}: add the type, such as type: object.` });
    }
    // a Reference Object's siblings are ignored in 3.0: `{$ref: ..., nullable: true}` is the referenced schema as it is
    for (const site of model.refs) {
      if (site.kind !== 'Schema') continue;
      let value: unknown = site.source.value;
      for (const key of site.pointer) value = isObject(value) || Array.isArray(value) ? (value as Json)[key] : undefined;
      if (isObject(value) && value['nullable'] === true) {
        report({ place: site, property: ['nullable'], message: '`nullable: true` beside `$ref` is ignored in OpenAPI 3.0 (a Reference Object has no other properties): make the referenced schema nullable, or write a oneOf of the reference and a nullable schema.' });
      }
    }
  },
};
