import type { CoreFunction, FunctionResult } from './core-function.js';
import { isObject } from '../json.js';
import { spectralOperationFields } from '../formats/spectral.js';

/**
 * spectral:oas's own functions about tags, named as Spectral's rulesets name them (`oasTagDefined`,
 * `uniquenessTags`): what its rules operation-tag-defined and openapi-tags-uniqueness run.
 */

// Spectral's operation keys, whatever the format: trace, but no 3.2 `query` (formats/spectral.ts)
const operationKeys: readonly string[] = spectralOperationFields;

/** Spectral's input schema for `uniquenessTags`: a list of objects, each with a string `name`. */
export function tagListInput(v: unknown): boolean {
  return Array.isArray(v) && v.every((t) => isObject(t) && typeof t['name'] === 'string');
}

/** Each tag an operation names that the document's top-level `tags` does not define, at the operation's item. */
export const oasTagDefined: CoreFunction = (input) => {
  const doc = input as Record<string, unknown>;
  const defined = new Set(Array.isArray(doc['tags']) ? doc['tags'].flatMap((t: unknown) => (isObject(t) && typeof t['name'] === 'string' ? [t['name']] : [])) : []);
  const paths = doc['paths'];
  if (!isObject(paths)) return undefined;
  const out: FunctionResult[] = [];
  for (const [key, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!operationKeys.includes(method) || !isObject(operation) || !Array.isArray(operation['tags'])) continue;
      operation['tags'].forEach((tag: unknown, i) => {
        // a tag that is no string is never among the names (Spectral compares with includes)
        if (typeof tag !== 'string' || !defined.has(tag)) out.push({ message: 'Operation tags must be defined in global tags.', path: ['paths', key, method, 'tags', String(i)] });
      });
    }
  }
  return out;
};

/** Each tag whose name an earlier tag has, at its name. */
export const uniquenessTags: CoreFunction = (input) => {
  const seen = new Set<string>();
  const out: FunctionResult[] = [];
  (input as Array<{ name: string }>).forEach((tag, i) => {
    if (seen.has(tag.name)) out.push({ message: `"tags" object contains duplicate tag name "${tag.name}".`, path: [String(i), 'name'] });
    seen.add(tag.name);
  });
  return out;
};
