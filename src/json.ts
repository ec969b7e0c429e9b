// The one test for "a JSON object" (a mapping): not null, not an array. Parsed YAML and JSON give
// plain objects, arrays and scalars only, so this is all the shape a check needs.
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
