// Where a request's and a response's body schema is written, in either format: Swagger 2.0's `in: body`
// parameter and response `schema`, or OpenAPI 3's `requestBody` and response `content` (the JSON media
// type's when there is one, else the first). Read as written: `$ref`s are names to compare, not followed.
import { isObject } from './resolve.js';

/** The keys below a response (or request body) that lead to its schema. */
export function schemaKeys(response: Record<string, unknown>): string[] {
  const content = response['content'];
  if (response['schema'] !== undefined || !isObject(content)) return ['schema'];
  const types = Object.keys(content);
  const type = types.find((t) => /[/+]json\b/i.test(t)) ?? types[0];
  return type === undefined ? ['schema'] : ['content', type, 'schema'];
}

/** A response's schema as written; undefined for one without a body (or not an object). */
export function responseSchema(response: unknown): unknown {
  if (!isObject(response)) return undefined;
  let at: unknown = response;
  for (const key of schemaKeys(response)) at = isObject(at) ? at[key] : undefined;
  return at;
}

/** The schema of an operation's request body as written: its `in: body` parameter's, or its inline `requestBody`'s. */
export function requestSchema(operation: Record<string, unknown>): unknown {
  const parameters = operation['parameters'];
  const body = Array.isArray(parameters) ? parameters.find((p) => isObject(p) && p['in'] === 'body') : undefined;
  if (isObject(body)) return body['schema'];
  return isObject(operation['requestBody']) ? responseSchema(operation['requestBody']) : undefined;
}
