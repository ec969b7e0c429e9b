import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { openapi3Version, versionChecked } from './lib/openapi3.js';

export default defineRule({
  meta: {
    id: 'array-items',
    reach: 'node',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Every `type: array` declares its `items` (Swagger 2.0 and OpenAPI 3.0; 3.1\'s JSON Schema does not ask for it).',
    messages: {
      missing: '{{what}} is type: array but has no items; say what the list holds, such as items: {type: string}.',
    },
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
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    const check = (value: JsonObject, node: Node) => {
      if (value['type'] !== 'array' || value['items'] !== undefined) return;
      const what = node.kind === 'Parameter' ? `Parameter '${String(value['name'])}'` : node.kind === 'Header' ? `Header '${node.key}'` : node.kind === 'Items' ? 'This items object' : 'This schema';
      ctx.report({ node, property: 'type', messageId: 'missing', data: { what } });
    };
    // OpenAPI 3 describes values by schemas only; from 3.1 on a Schema Object is JSON Schema 2020-12,
    // where an array without `items` is a list of anything
    if (ctx.format.id === 'openapi3') return openapi3Version(ctx) === '3.0' ? { Schema: check } : {};
    return { Parameter: check, Header: check, Items: check, Schema: check };
  },
});
