// Where a request's and a response's body schema is written, in either format: Swagger 2.0's `in: body`
// parameter and response `schema`, or OpenAPI 3's `requestBody` and response `content` (the JSON media
// type's when there is one, else the first). Read as written, `$ref`s as names to compare, except by
// `resolvedRequestSchema`, which follows them.
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { isObject, resolveChild } from './resolve.js';

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

/**
 * An operation's request body schema as `requestSchema` reads it, with `$ref`s followed (a body in
 * `components/requestBodies`, a shared parameter) and the path item's parameters too: undefined when it
 * takes none, null when it takes one whose schema is not there to read (form fields, a body without
 * `content`, a `$ref` that leads nowhere).
 */
export function resolvedRequestSchema(ctx: RuleContext, item: Node<Record<string, unknown>>, operation: Node<Record<string, unknown>>): Node<Record<string, unknown>> | null | undefined {
  const requestBody = resolveChild(ctx, operation, 'requestBody');
  if (requestBody) {
    const keys = schemaKeys(requestBody.value);
    return keys[0] === 'content' ? (resolveChild(ctx, requestBody, keys) ?? null) : null;
  }
  let formFields = false;
  for (const owner of [operation, item]) {
    const list = owner.value['parameters'];
    if (!Array.isArray(list)) continue;
    for (let n = 0; n < list.length; n++) {
      const parameter = resolveChild(ctx, owner, ['parameters', String(n)], 'Parameter');
      if (parameter?.value['in'] === 'body') return resolveChild(ctx, parameter, 'schema') ?? null;
      if (parameter?.value['in'] === 'formData') formFields = true;
    }
  }
  return formFields ? null : undefined;
}
