// Is a parsed document OpenAPI 3? It says so with `openapi` (any value: a version swaglint does not
// check still belongs here, where openapi-version gives its one finding).
import type { Claim } from '../../lint/format.js';

export function detectOpenApi3(value: Record<string, unknown>): Claim | undefined {
  return value['openapi'] !== undefined ? 'declared' : undefined;
}
