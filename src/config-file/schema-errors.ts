// An option or a rule definition that fails its JSON Schema, described from ajv's error: where it is and
// what it says. Shared by rule options (src/config/) and rules written as data (src/declarative/).
export type AjvError = { instancePath: string; message?: string; params?: Record<string, unknown> };

/** Where an ajv error is, as pointer segments (unescaped). */
export function errorPointer(error: AjvError): string[] {
  return error.instancePath === '' ? [] : error.instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** What an ajv error says, with the property or the values it names: `must be equal to one of the allowed values (a, b)`. */
export function errorText(error: AjvError): string {
  const extra = error.params?.['additionalProperty'] ?? error.params?.['allowedValues'];
  const detail = extra === undefined ? '' : ` (${Array.isArray(extra) ? extra.join(', ') : String(extra)})`;
  return `${error.message ?? 'is not valid'}${detail}`;
}
