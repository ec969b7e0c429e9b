import type { ApiFormat } from '../lint/format.js';
import { openapi3Kinds, type ObjectKind } from './openapi3/kinds.js';
import { detectOpenApi3 } from './openapi3/detect.js';
import { openapi3Render } from './openapi3/render.js';
import { openApiVersions } from './openapi3/version.js';
import { selfUri } from './openapi3/self.js';

// OpenAPI 3 (3.0, 3.1, 3.2: its version list) as a value. Its kinds, detection, validators and checks
// live in ./openapi3/ (which rules may import); the rules that run on it are the pipeline's catalogue. The validators differ by version,
// so the rules load them (rules/lib/openapi3.ts) rather than the format by kind.
export const openapi3: ApiFormat<ObjectKind> = {
  id: 'openapi3',
  // from the versions it checks: a new minor version renames it with no edit here
  name: `OpenAPI ${openApiVersions[0]}–${openApiVersions[openApiVersions.length - 1]!}`,
  detect: detectOpenApi3,
  kinds: openapi3Kinds,
  versionField: { name: 'openapi', misspelt: ['open-api'] },
  declaration: `openapi: ${openApiVersions[openApiVersions.length - 1]!}.0 (or another ${openApiVersions.map((v) => `${v}.x`).join(', ')})`,
  render: openapi3Render,
  selfUri,
};
