// Every OpenAPI 3 check, in the order their findings are listed.
import type { Check } from './check.js';
import { schemaValid } from './checks/schema-valid.js';
import { refResolves } from './checks/ref-resolves.js';
import { operationIdUnique, parameterUnique, pathParamsMatch, pathUniqueTemplate } from './checks/paths.js';
import { discriminatorMapping, patternValid, readOnlyWriteOnly } from './checks/schemas.js';
import { serversValid } from './checks/servers.js';
import { securitySchemeDefined } from './checks/security.js';
import { mediaTypeValid } from './checks/content.js';
import { runtimeExpressions } from './checks/links.js';
import { unusedComponents } from './checks/unused-components.js';

export const openapi3Checks: readonly Check[] = [
  schemaValid,
  refResolves,
  pathParamsMatch,
  operationIdUnique,
  parameterUnique,
  pathUniqueTemplate,
  patternValid,
  readOnlyWriteOnly,
  discriminatorMapping,
  serversValid,
  securitySchemeDefined,
  mediaTypeValid,
  runtimeExpressions,
  unusedComponents,
];
