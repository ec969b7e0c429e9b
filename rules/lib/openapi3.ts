// A rule's OpenAPI 3 side: one of src/formats/openapi3's checks, run on the document's model (built
// once per document, whichever rule asks first) and reported through the rule's context.
import type { JsonObject, Node, RuleContext } from '../../src/lint/rule.js';
import type { Check, CheckFinding } from '../../src/formats/openapi3/check.js';
import { modelOf } from '../../src/formats/openapi3/model.js';
import { pathItems } from '../../src/formats/openapi3/checks/operations.js';
import { loadValidators, type Validators } from '../../src/formats/openapi3/validators.js';

let validators: Validators | undefined;

/** For a rule's `setup`: the compiled OpenAPI 3 schemas, loaded on the first OpenAPI 3 document only. */
export async function setupOpenApi3(format: string): Promise<void> {
  if (format === 'openapi3') validators ??= await loadValidators();
}

/**
 * The check's findings, as the rule's; `ownedElsewhere` drops those another rule reports better (a
 * missing `info.title` is info-title's, which says how to fix it).
 */
export function openapi3Visitors(ctx: RuleContext, check: Check, ownedElsewhere?: (finding: CheckFinding) => boolean): { 'Document:done': () => void } {
  return {
    'Document:done'() {
      const model = modelOf(ctx.document);
      if (!model) return; // a version swaglint does not check: openapi-version's one finding
      if (!validators) throw new Error('the OpenAPI 3 validators were not loaded (setup did not run)');
      check.run(model, (finding) => {
        if (ownedElsewhere?.(finding)) return;
        const node = ctx.nodeAt(finding.place.source, finding.place.pointer);
        ctx.report({ node, ...(finding.property ? { property: [...finding.property] } : {}), ...(finding.at ? { at: finding.at } : {}), message: finding.message, ...(finding.severity ? { severity: finding.severity } : {}) });
      }, validators);
    },
  };
}

/**
 * OpenAPI 3: the path items the API serves, under `paths`, each with its path and a node at its definition
 * (a `$ref` followed, to another file or to components/pathItems). The engine's walk meets a path item where
 * it is defined, so one in components/pathItems would come with no path, and a callback's (a request the
 * API sends) with a runtime expression for one; rules about served paths read these instead.
 */
export function servedPathItems(ctx: RuleContext): Array<{ key: string; node: Node<JsonObject> }> {
  const model = modelOf(ctx.document);
  return (model ? pathItems(model) : []).map((item) => ({ key: item.path, node: ctx.nodeAt<JsonObject>(item.source, item.pointer, { kind: 'PathItem' }) }));
}
