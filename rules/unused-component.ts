import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { unusedComponents } from '../src/formats/openapi3/checks/unused-components.js';

export default defineRule({
  meta: {
    id: 'unused-component',
    category: unusedComponents.category,
    formats: ['openapi3'],
    severity: unusedComponents.severity,
    description: unusedComponents.description,
    docs: `A component no \`$ref\` names (a security scheme no security requirement names) is dead weight, or a
sign that a \`$ref\` points somewhere else by mistake. It is a hint: a file of components may be meant for
other documents. A schema a discriminator chooses is used: one its \`mapping\` names (by name or by
reference), and one that names the discriminating schema in an \`allOf\` (chosen by its own name).

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths: {}
components:
  schemas:
    Order: {type: object}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json: {schema: {$ref: '#/components/schemas/Order'}}
components:
  schemas:
    Order: {type: object}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, unusedComponents),
});
