// A Schema Object keyword whose meaning differs between 3.0 and 3.1: `nullable` (3.0 only, and only beside `type`).
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import type { Json } from '../model.js';

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
    if (model.version === '3.1') {
      for (const node of model.nodes) {
        if (node.kind !== 'Schema' || flag(node.value) === undefined) continue;
        report({ place: node, property: ['nullable'], message: `\`nullable\` is not a keyword in OpenAPI 3.1${nullableIn31(node.value)}` });
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
