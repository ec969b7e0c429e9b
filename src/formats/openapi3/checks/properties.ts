// The property names a schema declares, and `required` names that none declares.
import { closest } from '../../../text/edit-distance.js';
import { isObject } from '../../../json.js';
import type { Check } from '../check.js';
import type { Json, Model, Place } from '../model.js';
import { didYouMean } from '../../swagger2/validate/explain.js';

export interface Declared {
  names: Set<string>;
  /** Any name is allowed (`additionalProperties`, `patternProperties`, `unevaluatedProperties`): nothing to check. */
  open: boolean;
}

const members = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * The property names the schema at `place` declares: its own and its `allOf`/`anyOf`/`oneOf` members'
 * (a required name may be declared by any branch), `$ref`s followed (in 3.1 beside the schema's own
 * keywords), loops cut.
 */
export function declaredProperties(model: Model, place: Place, value: unknown, into: Declared = { names: new Set(), open: false }, seen = new Set<unknown>()): Declared {
  // an explicit stack in the order recursion would take: a chain of `$ref`s is as deep as it is long
  const stack: Array<{ place: Place; value: unknown; body?: true }> = [{ place, value }];
  while (stack.length > 0) {
    const { place, value, body } = stack.pop()!;
    if (!isObject(value)) continue;
    if (!body) {
      if (seen.has(value)) continue;
      seen.add(value);
      if (typeof value['$ref'] === 'string') {
        const target = model.deref(place, value);
        if (model.version !== '3.0') stack.push({ place, value, body: true }); // 3.0 ignores a Reference Object's siblings
        if (target) stack.push({ place: target, value: target.value });
        continue;
      }
    }
    if (isObject(value['properties'])) for (const name of Object.keys(value['properties'])) into.names.add(name);
    const open = (v: unknown) => v === true || isObject(v);
    if (open(value['additionalProperties']) || open(value['unevaluatedProperties']) || (isObject(value['patternProperties']) && Object.keys(value['patternProperties']).length > 0)) into.open = true;
    for (let k = members.length - 1; k >= 0; k--) {
      const key = members[k]!;
      const list = value[key];
      if (Array.isArray(list)) for (let i = list.length - 1; i >= 0; i--) stack.push({ place: { source: place.source, pointer: [...place.pointer, key, String(i)] }, value: list[i] });
    }
  }
  return into;
}

/**
 * The finding for a required name no property declares, with the declared name it probably meant: in
 * OpenAPI 3 only a close one ('response_id' is not a misspelt 'type'); Swagger 2.0's findings keep the
 * nearest name, as its pinned findings have it.
 */
export function undeclaredRequiredMessage(name: string, declared: readonly string[], suggest: 'close' | 'nearest' = 'close'): string {
  const meant = suggest === 'close' ? didYouMean(name, declared) : closest(name, declared);
  return `'${name}' is required but no property declares it${meant ? ` (did you mean '${meant}'?)` : ''}; add it under properties, or remove it from required.`;
}

/** Keywords whose subschema constrains the same object as the schema holding it. */
const applicators = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else']);

export const requiredPropertiesExist: Check = {
  id: 'required-properties-exist',
  category: 'validity',
  severity: 'error',
  description: 'Every name in a schema\'s `required` list is one of its declared properties (its `allOf` included).',
  run(model, report) {
    for (const node of model.nodes) {
      const required = node.value['required'];
      if (node.kind !== 'Schema' || !Array.isArray(required) || required.length === 0) continue;
      // under `not`, a required name is one the object must not carry: declaring it is not expected
      if (node.pointer.some((key, i) => key === 'not' && node.pointer[i - 1] !== 'properties')) continue;
      const declared = declaredProperties(model, node, node.value);
      // A member of allOf/oneOf/... may require what the schema holding it (or a sibling) declares.
      const { pointer } = node;
      const depth = pointer.length >= 2 && members.includes(pointer[pointer.length - 2] as (typeof members)[number]) ? 2 : applicators.has(pointer[pointer.length - 1]!) ? 1 : 0;
      if (depth > 0) {
        const parentPointer = pointer.slice(0, -depth);
        let parent: unknown = node.source.value;
        for (const key of parentPointer) parent = isObject(parent) || Array.isArray(parent) ? (parent as Json)[key] : undefined;
        declaredProperties(model, { source: node.source, pointer: parentPointer }, parent, declared);
      }
      if (declared.open || declared.names.size === 0) continue;
      const names = [...declared.names];
      required.forEach((name: unknown, i) => {
        if (typeof name !== 'string' || declared.names.has(name)) return;
        report({ place: node, property: ['required', String(i)], at: 'value', message: undeclaredRequiredMessage(name, names) });
      });
    }
  },
};
