import { defineRule } from '../src/lint/rule.js';
import { openapi3Version } from './lib/openapi3.js';

export default defineRule({
  meta: {
    id: 'read-only-write-only',
    reach: 'node',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'OpenAPI 3.0: a property is not both `readOnly` and `writeOnly`.',
    messages: {
      both: 'A schema is not both `readOnly` and `writeOnly` (OpenAPI 3.0): keep the one that applies.',
    },
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
  create: (ctx) =>
    // 3.1's JSON Schema allows both (the annotations then say nothing)
    openapi3Version(ctx) !== '3.0'
      ? {}
      : {
          Schema(schema, node) {
            if (schema['readOnly'] === true && schema['writeOnly'] === true) ctx.report({ node, property: 'writeOnly', messageId: 'both' });
          },
        },
});
