import type { ApiFormat } from '../lint/format.js';
import { swagger2Kinds, type ObjectKind } from './swagger2/kinds.js';
import { detectSwagger2 } from './swagger2/detect.js';
import { loadSwagger2Validators } from './swagger2/validate/load.js';
import { swagger2Render } from './swagger2/render.js';

// Swagger 2.0 as a value. Its kinds, detection and validator live in ./swagger2/ (which rules may
// import). The format is data: the rules that run on it are the pipeline's catalogue (src/pipeline/catalog.ts).
export const swagger2: ApiFormat<ObjectKind> = {
  id: 'swagger2',
  name: 'Swagger 2.0',
  detect: detectSwagger2,
  kinds: swagger2Kinds,
  validator: loadSwagger2Validators,
  // an OpenAPI 3 document, while no OpenAPI 3 format is listed: the one finding that says so
  fallbackRules: ['swagger-version'],
  versionField: { name: 'swagger', misspelt: ['swager', 'swaggr', 'swagr'] },
  shapeFields: ['paths'],
  declaration: 'swagger: "2.0"',
  render: swagger2Render,
};
