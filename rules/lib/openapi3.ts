// What OpenAPI 3 rules share: the compiled schemas and the version a document follows. The path items
// the API serves come from the walk (served-paths.ts; the path index, from the `Paths` node).
import type { RuleContext } from '../../src/lint/rule.js';
import { openapiVersion, type OpenApiVersion } from '../../src/formats/openapi3/version.js';
import { loadValidators, type Validators } from '../../src/formats/openapi3/validators.js';

let validators: Validators | undefined;

/** For a rule's `setup`: the compiled OpenAPI 3 schemas, loaded on the first OpenAPI 3 document only. */
export async function setupOpenApi3(format: string): Promise<void> {
  if (format === 'openapi3') validators ??= await loadValidators();
}

/** The compiled OpenAPI 3 schemas, once `setupOpenApi3` has loaded them. */
export function openapi3Validators(): Validators {
  if (!validators) throw new Error('the OpenAPI 3 validators were not loaded (setup did not run)');
  return validators;
}

/**
 * The OpenAPI version of an OpenAPI 3 document (`3.0`, `3.1`); undefined on another format, and on a
 * version swaglint does not check (openapi-version's one finding: the other rules stay silent).
 */
export function openapi3Version(ctx: RuleContext): OpenApiVersion | undefined {
  if (ctx.format.id !== 'openapi3') return undefined;
  const version = openapiVersion(ctx.document.root.value);
  return version.ok ? version.version : undefined;
}

/** Whether the rules judge this document: not an OpenAPI version swaglint does not check (openapi-version's one finding). */
export function versionChecked(ctx: RuleContext): boolean {
  return ctx.format.id !== 'openapi3' || openapi3Version(ctx) !== undefined;
}
