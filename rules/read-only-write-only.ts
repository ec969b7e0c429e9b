import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { readOnlyWriteOnly } from '../src/formats/openapi3/checks/schemas.js';

export default defineRule({
  meta: {
    id: 'read-only-write-only',
    category: readOnlyWriteOnly.category,
    formats: ['openapi3'],
    severity: readOnlyWriteOnly.severity,
    description: readOnlyWriteOnly.description,
    docs: `OpenAPI 3.0: "A property MUST NOT be marked as both readOnly and writeOnly being true." (3.1 leaves
this to JSON Schema, where both may be true.)

Fails:

\`\`\`yaml
openapi: 3.0.3
info: {title: Users, version: '1.0'}
paths: {}
components:
  schemas:
    User:
      type: object
      properties:
        password: {type: string, readOnly: true, writeOnly: true}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.0.3
info: {title: Users, version: '1.0'}
paths: {}
components:
  schemas:
    User:
      type: object
      properties:
        password: {type: string, writeOnly: true}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, readOnlyWriteOnly),
});
