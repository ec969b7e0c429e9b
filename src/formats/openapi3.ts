import type { ApiFormat } from '../lint/format.js';
import { openapi3Kinds, type ObjectKind } from './openapi3/kinds.js';
import { detectOpenApi3 } from './openapi3/detect.js';
import { openapi3Render } from './openapi3/render.js';

// OpenAPI 3.0 and 3.1 as a value. Its kinds, detection, validators and checks live in ./openapi3/
// (which rules may import); the rules that run on it are the pipeline's catalogue. The validators differ by version,
// so the rules load them (rules/lib/openapi3.ts) rather than the format by kind.
export const openapi3: ApiFormat<ObjectKind> = {
  id: 'openapi3',
  name: 'OpenAPI 3.0/3.1',
  detect: detectOpenApi3,
  kinds: openapi3Kinds,
  versionField: { name: 'openapi', misspelt: ['open-api'] },
  declaration: 'openapi: 3.1.0 (or another 3.0.x or 3.1.x)',
  render: openapi3Render,
};
