// The schemas a discriminator chooses among (OpenAPI 3.0.3 and 3.1, Discriminator Object): the ones its
// mapping names, by a name under components/schemas or by a reference, and, when a value is not mapped,
// the components that name the discriminating schema in an allOf, chosen by their own name. No `$ref`
// names them, so a walk of `$ref`s alone does not see them.
import { isObject } from '../../../json.js';
import type { Model, Place } from '../model.js';

/** A mapping value that is a schema's name, not a reference (as the discriminator-mapping rule reads it). */
export function isSchemaName(target: string): boolean {
  return !target.includes('#') && !target.includes('/') && !target.includes('.');
}

/** The place each mapping value of the discriminators in `model` names, where it resolves. */
export function mappedSchemas(model: Model): Place[] {
  const found: Place[] = [];
  for (const node of model.nodes) {
    if (node.kind !== 'Schema') continue;
    const discriminator = node.value['discriminator'];
    if (!isObject(discriminator) || !isObject(discriminator['mapping'])) continue;
    const place = { source: node.source, pointer: [...node.pointer, 'discriminator', 'mapping'] };
    for (const target of Object.values(discriminator['mapping'])) {
      if (typeof target !== 'string') continue;
      if (isSchemaName(target)) found.push({ source: model.doc.root, pointer: ['components', 'schemas', target] });
      else {
        const resolved = model.deref(place, { $ref: target });
        if (resolved) found.push(resolved);
      }
    }
  }
  return found;
}

/** The names under components/schemas whose allOf names a schema that has a discriminator. */
export function discriminatedByName(model: Model): string[] {
  const components = model.root['components'];
  const schemas = isObject(components) && isObject(components['schemas']) ? components['schemas'] : {};
  return Object.entries(schemas)
    .filter(([name, schema]) => {
      const allOf = isObject(schema) ? schema['allOf'] : undefined;
      if (!Array.isArray(allOf)) return false;
      return allOf.some((member, i) => {
        const parent = isObject(member) && typeof member['$ref'] === 'string' ? model.deref({ source: model.doc.root, pointer: ['components', 'schemas', name, 'allOf', String(i)] }, member) : undefined;
        return parent !== undefined && isObject(parent.value) && isObject(parent.value['discriminator']);
      });
    })
    .map(([name]) => name);
}
