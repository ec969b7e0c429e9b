// What OpenAPI 3 rules share: the compiled schemas, the version a document follows, and the path items
// and operations the API serves, read through the rule's context.
import type { JsonObject, Node, RuleContext } from '../../src/lint/rule.js';
import { openapiVersion, type OpenApiVersion } from '../../src/formats/openapi3/version.js';
import { isObject } from './resolve.js';
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
 * OpenAPI 3: the path items the API serves, under `paths`, each with its path and a node at its definition
 * (a `$ref` followed, to another file or to components/pathItems). The engine's walk meets a path item where
 * it is defined, so one in components/pathItems would come with no path, and a callback's (a request the
 * API sends) with a runtime expression for one. A rule about served paths visits them in the walk
 * (`servedPaths` in served-paths.ts); this whole-`paths` read is left for the path index, which must know
 * every path's methods before the first item is met.
 */
export function servedPathItems(ctx: RuleContext): Array<{ key: string; node: Node<JsonObject> }> {
  const root = ctx.document.root;
  const paths = isObject(root.value) ? root.value['paths'] : undefined;
  if (!isObject(paths) || openapi3Version(ctx) === undefined) return [];
  const out: Array<{ key: string; node: Node<JsonObject> }> = [];
  for (const key of Object.keys(paths)) {
    if (!key.startsWith('/')) continue;
    const target = ctx.resolve(ctx.nodeAt(root, ['paths', key]));
    if (target.ok && isObject(target.value)) out.push({ key, node: ctx.nodeAt<JsonObject>(target.source, target.pointer, { kind: 'PathItem' }) });
  }
  return out;
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
