import type { CoreFunction } from './core-function.js';

/**
 * Spectral's message when none of `properties` is in the object: shared by `or` and `xor`, which
 * word it the same way (a long list is cut to its first three and a count).
 */
export function noneDefinedMessage(properties: readonly string[]): string {
  return properties.length > 4
    ? `At least one of "${properties.slice(0, 3).join('" or "')}" or ${properties.length - 3} other properties must be defined`
    : `At least one of "${properties.join('" or "')}" must be defined`;
}

/** Spectral's `or`: at least one of `properties` is present (any number of them may be). */
export const or: CoreFunction = (input, options) => {
  const properties = options['properties'] as string[];
  if (properties.length < 2) return undefined;
  const present = Object.keys(input as object).some((k) => properties.includes(k));
  return present ? undefined : [{ message: noneDefinedMessage(properties) }];
};
