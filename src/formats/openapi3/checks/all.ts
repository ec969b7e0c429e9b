// Every OpenAPI 3 check, in the order their findings are listed (checks/index.ts runs them all at once).
import type { Check } from '../check.js';
import { schemaValid } from './schema-valid.js';
import { refResolves } from './ref-resolves.js';
import { pathParamsMatch, pathUniqueTemplate } from './paths.js';
import { patternValid } from './schemas.js';
import { serversValid } from './servers.js';
import { securitySchemeDefined } from './security.js';
import { encodingValid, mediaTypeValid } from './content.js';
import { linkOperation, runtimeExpressions } from './links.js';
import { unusedComponents } from './unused-components.js';
import { valueFitsSchema } from './values.js';
import { nullableType } from './schema-keywords.js';
import { requiredPropertiesExist } from './properties.js';

export const openapi3Checks: readonly Check[] = [
  schemaValid,
  refResolves,
  pathParamsMatch,
  pathUniqueTemplate,
  patternValid,
  serversValid,
  securitySchemeDefined,
  mediaTypeValid,
  encodingValid,
  valueFitsSchema,
  requiredPropertiesExist,
  nullableType,
  runtimeExpressions,
  linkOperation,
  unusedComponents,
];
