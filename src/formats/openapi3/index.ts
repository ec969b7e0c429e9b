// OpenAPI 3.0 and 3.1 as one entry: a loaded document's findings, most important first (validity
// errors, then warnings, then hints), each list in document order of its check.
import type { LoadedDocument } from '../../load/refs.js';
import { severityRank, type Diagnostic } from '../../types.js';
import { checkOpenApi3 } from './check.js';
import { openapi3Checks } from './checks.js';
import { loadValidators } from './validators.js';

export { openapiVersion, type OpenApiVersion } from './version.js';
export { openapi3Checks } from './checks.js';

export async function lintOpenApi3(doc: LoadedDocument): Promise<Diagnostic[]> {
  const findings = checkOpenApi3(doc, openapi3Checks, await loadValidators());
  // stable: within a severity, the checks' order (schema first) and each check's own order
  return findings.map((f, i) => ({ f, i })).sort((a, b) => severityRank[b.f.severity] - severityRank[a.f.severity] || a.i - b.i).map(({ f }) => f);
}
