// What the schemas cannot see about Schema Objects: patterns that are regular expressions.
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import type { Model, Visited } from '../model.js';

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

