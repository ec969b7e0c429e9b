import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { discriminatorMapping } from '../src/formats/openapi3/checks/schemas.js';

export default defineRule({
  meta: {
    id: 'discriminator-mapping',
    category: discriminatorMapping.category,
    formats: ['openapi3'],
    severity: discriminatorMapping.severity,
    description: discriminatorMapping.description,
    docs: `A discriminator's \`mapping\` maps values of the discriminating property to schemas: each target is a
schema's name under components/schemas or a \`$ref\` to one, and must exist; a typo sends every payload of that
kind to no schema.

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Pets, version: '1.0'}
paths: {}
components:
  schemas:
    Cat: {type: object}
    Pet:
      type: object
      discriminator:
        propertyName: kind
        mapping: {cat: '#/components/schemas/Kat'}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Pets, version: '1.0'}
paths: {}
components:
  schemas:
    Cat: {type: object}
    Pet:
      type: object
      discriminator:
        propertyName: kind
        mapping: {cat: '#/components/schemas/Cat'}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, discriminatorMapping),
});
