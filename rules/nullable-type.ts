import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { nullableType } from '../src/formats/openapi3/checks/schema-keywords.js';

export default defineRule({
  meta: {
    id: 'nullable-type',
    category: nullableType.category,
    formats: ['openapi3'],
    severity: nullableType.severity,
    description: nullableType.description,
    docs: `OpenAPI 3.0's \`nullable: true\` "adds \`"null"\` to the allowed values of the type … This keyword only
takes effect if \`type\` is explicitly defined within the same Schema Object" (3.0.3, which clarified it). So
\`nullable: true\` without a \`type\` allows nothing more, and beside a \`$ref\` it is ignored with every other
sibling of a Reference Object: a schema written so still rejects null, though its author meant otherwise.

OpenAPI 3.1 has no \`nullable\`: its Schema Object is JSON Schema 2020-12, which ignores unknown keywords, so
\`nullable: true\` left over from 3.0 silently rejects null. List \`'null'\` in \`type\` instead
(\`type: [string, 'null']\`).

These are warnings: the document is valid, but the schema does not say what it was written to say.

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths: {}
components:
  schemas:
    Note:
      type: string
      nullable: true
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths: {}
components:
  schemas:
    Note:
      type: [string, 'null']
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, nullableType),
});
