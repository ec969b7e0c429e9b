// What the schemas cannot see about Schema Objects: patterns that are regular expressions, 3.0's
// readOnly/writeOnly, discriminator mappings that name schemas.
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import type { Model, Visited } from '../model.js';
import { isSchemaName } from './discriminated.js';

const schemas = (model: Model): Visited[] => model.nodes.filter((n) => n.kind === 'Schema');

export const patternValid: Check = {
  id: 'pattern-valid',
  category: 'validity',
  severity: 'error',
  description: 'A schema\'s `pattern` (and `patternProperties` keys) is a regular expression.',
  run(model, report) {
    for (const node of schemas(model)) {
      const check = (pattern: string, property: string[], at: 'key' | 'value') => {
        try {
          new RegExp(pattern, 'u');
        } catch (error) {
          // ECMA-262 without the u flag accepts more (`\-` outside a class); a pattern either reads is valid
          try {
            new RegExp(pattern);
          } catch {
            report({ place: node, property, at, message: `\`${pattern}\` is not a regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}.` });
          }
        }
      };
      const pattern = node.value['pattern'];
      if (typeof pattern === 'string') check(pattern, ['pattern'], 'value');
      const patternProperties = node.value['patternProperties'];
      if (isObject(patternProperties)) for (const key of Object.keys(patternProperties)) check(key, ['patternProperties', key], 'key');
    }
  },
};

export const readOnlyWriteOnly: Check = {
  id: 'read-only-write-only',
  category: 'validity',
  severity: 'error',
  description: 'OpenAPI 3.0: a property is not both `readOnly` and `writeOnly`.',
  run(model, report) {
    if (model.version !== '3.0') return;
    for (const node of schemas(model)) {
      if (node.value['readOnly'] === true && node.value['writeOnly'] === true) {
        report({ place: node, property: ['writeOnly'], message: 'A schema is not both `readOnly` and `writeOnly` (OpenAPI 3.0): keep the one that applies.' });
      }
    }
  },
};

export const discriminatorMapping: Check = {
  id: 'discriminator-mapping',
  category: 'validity',
  severity: 'error',
  description: 'Each `discriminator.mapping` value names a schema: a name under components/schemas or a `$ref` that resolves.',
  run(model, report) {
    const components = model.root['components'];
    const named = isObject(components) && isObject(components['schemas']) ? components['schemas'] : {};
    for (const node of schemas(model)) {
      const discriminator = node.value['discriminator'];
      if (!isObject(discriminator) || !isObject(discriminator['mapping'])) continue;
      for (const [value, target] of Object.entries(discriminator['mapping'])) {
        if (typeof target !== 'string') continue;
        const place = { source: node.source, pointer: [...node.pointer, 'discriminator', 'mapping'] };
        if (isSchemaName(target)) {
          if (!Object.hasOwn(named, target)) report({ place, property: [value], at: 'value', message: `Mapping \`${value}\` names \`${target}\`, which is not a schema under components/schemas.` });
          continue;
        }
        if (!model.deref(place, { $ref: target })) report({ place, property: [value], at: 'value', message: `Mapping \`${value}\` names \`${target}\`, which does not resolve to a schema.` });
      }
    }
  },
};
