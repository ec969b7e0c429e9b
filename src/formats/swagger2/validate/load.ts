import type { CompiledValidator } from '../../../lint/format.js';
import type { ObjectKind } from '../kinds.js';

/** The kinds a whole file may be validated as: the document, and what a `$ref` may name. */
export type ValidatedKind = 'Document' | 'PathItem' | 'Parameter' | 'Response' | 'Schema';

let loaded: Record<ValidatedKind, CompiledValidator> | undefined;

/**
 * The official Swagger 2.0 schema's validators by kind, compiled to code at build time
 * (scripts/build-validator.ts) and imported on the first run that needs them.
 */
export async function loadSwagger2Validators(): Promise<Record<ValidatedKind, CompiledValidator> & Partial<Record<ObjectKind, CompiledValidator>>> {
  if (!loaded) {
    const m = await import('./swagger2-validator.js');
    loaded = { Document: m.document, PathItem: m.pathItem, Parameter: m.parameter, Response: m.response, Schema: m.schema };
  }
  return loaded;
}
