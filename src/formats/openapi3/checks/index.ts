// Every OpenAPI 3 check run on a loaded document at once, without the rule engine: what the corpus
// test measures (verdicts on third-party documents), findings most important first (validity errors,
// then warnings, then hints), each severity in the checks' order.
import type { LoadedDocument } from '../../../load/refs.js';
import { severityRank, type Diagnostic } from '../../../types.js';
import { checkOpenApi3 } from '../check.js';
import { openapi3Checks } from './all.js';
import { loadValidators } from '../validators.js';

export async function lintOpenApi3(doc: LoadedDocument): Promise<Diagnostic[]> {
  const findings = checkOpenApi3(doc, openapi3Checks, await loadValidators());
  return findings.map((f, i) => ({ f, i })).sort((a, b) => severityRank[b.f.severity] - severityRank[a.f.severity] || a.i - b.i).map(({ f }) => f);
}
