// How a discriminator's mapping names a schema (OpenAPI 3.0.3 and 3.1, Discriminator Object).

/** A mapping value that is a schema's name under components/schemas, not a reference. */
export function isSchemaName(target: string): boolean {
  return !target.includes('#') && !target.includes('/') && !target.includes('.');
}
