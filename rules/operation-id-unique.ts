import { defineRule, type Node } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { operationIdUnique } from '../src/formats/openapi3/checks/paths.js';
import { lineOf } from './lib/where.js';
import { isObject } from './lib/resolve.js';
import { methods } from '../src/formats/swagger2/kinds.js';

export default defineRule({
  meta: {
    id: 'operation-id-unique',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Every `operationId` is unique in the document.',
    docs: `Swagger 2.0: "The id MUST be unique among all operations described in the API". Code generators name
methods after it, so two operations with one id collide. Each repeat is reported at its value, naming the line
of the first.

Fails:

\`\`\`yaml
paths:
  /orders:
    get: {operationId: listOrders, responses: {'200': {description: OK}}}
  /orders/{order_id}/lines:
    get: {operationId: listOrders, responses: {'200': {description: OK}}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get: {operationId: listOrders, responses: {'200': {description: OK}}}
  /orders/{order_id}/lines:
    get: {operationId: listOrderLines, responses: {'200': {description: OK}}}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') return openapi3Visitors(ctx, operationIdUnique);
    // Operations where written first, then those a second path reaches by `$ref` to a whole path item
    // (`/test/a: {$ref: '#/paths/~1test'}`): each of those is one more operation with the same id.
    const own: Array<{ id: string; at: Node }> = [];
    const reused: Array<{ id: string; at: Node; path: string }> = [];
    return {
      Operation(op, node) {
        if (typeof op['operationId'] === 'string') own.push({ id: op['operationId'], at: ctx.child(node, 'operationId') });
      },
      Ref(_ref, node) {
        if (node.refKind !== 'PathItem' || node.parent?.kind !== 'Paths') return;
        const target = ctx.resolve(node);
        if (!target.ok || !isObject(target.value)) return;
        for (const method of methods) {
          const op = target.value[method];
          if (isObject(op) && typeof op['operationId'] === 'string') reused.push({ id: op['operationId'], at: ctx.child(node, '$ref'), path: node.key });
        }
      },
      'Document:done'() {
        const first = new Map<string, Node>(); // operationId → its first value's node
        for (const { id, at } of own) {
          const seen = first.get(id);
          if (!seen) first.set(id, at);
          else ctx.report({ node: at, at: 'value', message: `operationId '${id}' is already used at ${lineOf(seen, at)}; operationIds must be unique: rename this one after what it does.` });
        }
        for (const { id, at, path } of reused) {
          const seen = first.get(id);
          if (seen) ctx.report({ node: at, at: 'value', message: `'${path}' reuses by $ref the path item whose operationId '${id}' is at ${lineOf(seen, at)}, so the id names two operations; copy the path item and give its operations their own operationIds.` });
        }
      },
    };
  },
});
