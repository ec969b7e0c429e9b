// An OpenAPI 3 check not yet converted to its rule's visitors: it reads the model (model.ts) and its
// rule runs it through rules/lib/openapi3.ts.
import type { Target } from '../../load/source.js';
import type { RuleCategory, Severity } from '../../types.js';
import type { Model, Place } from './model.js';
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
