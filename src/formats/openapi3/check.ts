// The OpenAPI 3 checks as one list, and the run that gives a document's findings: the version first
// (a version swaglint does not check is one finding and nothing else), then one walk (model.ts) that
// every check reads.
import { toPointer } from '../../load/pointer.js';
import type { LoadedDocument } from '../../load/refs.js';
import { rangeOf, type Target } from '../../load/source.js';
import type { Diagnostic, RuleCategory, Severity } from '../../types.js';
import { buildModel, type Model, type Place } from './model.js';
import { openapiVersion } from './version.js';
import type { Validators } from './validators.js';

export interface CheckFinding {
  place: Place;
  /** Below `place`: the offending key or value. */
  property?: readonly string[];
  at?: Target;
  message: string;
  /** For a SHOULD of the specification, where the check's own severity is for its MUSTs. */
  severity?: Severity;
  /** The property a `required` error misses, so a rule can tell whose finding it is without reading the message. */
  missing?: string;
}

export interface Check {
  id: string;
  category: RuleCategory;
  severity: Severity;
  description: string;
  run(model: Model, report: (finding: CheckFinding) => void, validators: Validators): void;
}

export const versionRuleId = 'openapi-version';

/** The findings of `checks` on a loaded OpenAPI 3 document. */
export function checkOpenApi3(doc: LoadedDocument, checks: readonly Check[], validators: Validators): Diagnostic[] {
  const version = openapiVersion(doc.root.value);
  if (!version.ok) {
    return [{ ruleId: versionRuleId, severity: 'error', category: 'validity', message: version.message, uri: doc.root.uri, pointer: toPointer(version.pointer), range: rangeOf(doc.root, version.pointer, version.at) }];
  }
  const model = buildModel(doc, version.version);
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const check of checks) {
    check.run(model, (finding) => {
      const pointer = [...finding.place.pointer, ...(finding.property ?? [])];
      const key = `${check.id}\0${finding.place.source.uri}\0${pointer.join('/')}\0${finding.message}`;
      if (seen.has(key)) return; // a place reached twice (a shared component) is one finding
      seen.add(key);
      out.push({
        ruleId: check.id,
        severity: finding.severity ?? check.severity,
        category: check.category,
        message: finding.message,
        uri: finding.place.source.uri,
        pointer: toPointer(pointer),
        range: rangeOf(finding.place.source, pointer, finding.at ?? 'key'),
      });
    }, validators);
  }
  return out;
}
