import type { ApiFormat } from '../lint/format.js';
import { runsOn } from '../lint/rule.js';
import { builtinRules } from '../../rules/index.js';
import { openapi3Kinds, type ObjectKind } from './openapi3/kinds.js';
import { detectOpenApi3 } from './openapi3/detect.js';
import { openApiVersions } from './openapi3/version.js';

// OpenAPI 3.0, 3.1 and 3.2 as a value. Its kinds, detection, validators and checks live in ./openapi3/
// (which rules may import); this module joins them with the rules. The validators differ by version,
// so the rules load them (rules/lib/openapi3.ts) rather than the format by kind.
export const openapi3: ApiFormat<ObjectKind> = {
  id: 'openapi3',
  // from the versions it checks: a new minor version renames it with no edit here
  name: `OpenAPI ${openApiVersions[0]}–${openApiVersions[openApiVersions.length - 1]!}`,
  detect: detectOpenApi3,
  kinds: openapi3Kinds,
  rules: builtinRules.filter((rule) => runsOn(rule, 'openapi3')),
};
