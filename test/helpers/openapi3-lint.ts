// The validity verdict of OpenAPI 3 documents, through the engine and the real rules: what the corpus
// and version tests measure. Findings most important first (errors, then warnings, then hints), each
// severity in the order of the rules below, so "the first finding names the cause" stays a test.
import type { LoadedDocument } from '../../src/load/refs.js';
import { openapi3 } from '../../src/formats/openapi3.js';
import { rulesFor } from '../../src/pipeline/catalog.js';
import { runRules, type ActiveRule } from '../../src/lint/run-rules.js';
import { severityRank, type Diagnostic } from '../../src/types.js';

/** The rules of the specification's requirements that the schema cannot see, the schema's own first. */
export const openapi3Order = [
  'openapi-version', 'schema-valid', 'info-title', 'info-version', 'ref-resolves', 'path-params-match', 'operation-id-unique', 'parameter-unique',
  'path-unique-template', 'pattern-valid', 'read-only-write-only', 'discriminator-mapping', 'servers-valid',
  'security-scheme-defined', 'media-type-valid', 'encoding-valid', 'value-fits-schema', 'array-items',
  'nullable-type', 'runtime-expression-valid', 'link-operation', 'unused-component',
  'tag-name-unique', 'tag-parent', 'path-no-query-or-fragment',
];

let rules: ActiveRule[] | undefined;

async function active(): Promise<ActiveRule[]> {
  if (rules) return rules;
  const byId = new Map(rulesFor(openapi3).map((rule) => [rule.meta.id, rule]));
  const list: ActiveRule[] = openapi3Order.map((id) => {
    const rule = byId.get(id);
    if (!rule) throw new Error(`no OpenAPI 3 rule '${id}'`);
    return { rule, severity: rule.meta.severity === 'off' ? (rule.meta.allSeverity ?? 'warn') : rule.meta.severity, options: {} };
  });
  for (const { rule } of list) await rule.setup?.('openapi3');
  return (rules = list);
}

export async function lintOpenApi3(doc: LoadedDocument): Promise<Diagnostic[]> {
  const findings = runRules(doc, openapi3, await active());
  const rank = (f: Diagnostic) => openapi3Order.indexOf(f.ruleId);
  return findings.map((f, i) => ({ f, i })).sort((a, b) => severityRank[b.f.severity] - severityRank[a.f.severity] || rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
}
