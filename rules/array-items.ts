import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { arrayItems } from '../src/formats/openapi3/checks/schema-keywords.js';

export default defineRule({
  meta: {
    id: 'array-items',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: arrayItems.description,
    docs: `Swagger 2.0 requires \`items\` on a parameter, header or items object of \`type: array\`: without it the
list's members have no type, so neither a client nor a server can serialize or check them. Schemas of
\`type: array\` need it too: code generators and validators (swagger-parser, go-openapi) reject a list
of nothing in particular. The finding points at \`type: array\`.

Fails:

\`\`\`yaml
parameters:
  - {name: ids, in: query, type: array}
responses:
  '200':
    description: OK
    schema: {type: array}
\`\`\`

Passes:

\`\`\`yaml
parameters:
  - {name: ids, in: query, type: array, items: {type: integer}}
responses:
  '200':
    description: OK
    schema: {type: array, items: {$ref: '#/definitions/Order'}}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') return openapi3Visitors(ctx, arrayItems);
    const check = (value: JsonObject, node: Node) => {
      if (value['type'] !== 'array' || value['items'] !== undefined) return;
      const what = node.kind === 'Parameter' ? `Parameter '${String(value['name'])}'` : node.kind === 'Header' ? `Header '${node.key}'` : node.kind === 'Items' ? 'This items object' : 'This schema';
      ctx.report({ node, property: 'type', message: `${what} is type: array but has no items; say what the list holds, such as items: {type: string}.` });
    };
    return { Parameter: check, Header: check, Items: check, Schema: check };
  },
});
