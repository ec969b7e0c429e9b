import { defineRule, type Node } from '../src/lint/rule.js';
import { lineOf } from '../src/lint/helpers/where.js';

export default defineRule({
  meta: {
    id: 'operation-id-unique',
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
  create: (ctx) => {
    const first = new Map<string, Node>(); // operationId → its first value's node
    return {
      Operation(op, node) {
        const id = op['operationId'];
        if (typeof id !== 'string') return;
        const here = ctx.child(node, 'operationId');
        const seen = first.get(id);
        if (!seen) {
          first.set(id, here);
          return;
        }
        ctx.report({
          node: here,
          at: 'value',
          message: `operationId '${id}' is already used at ${lineOf(seen, here)}; operationIds must be unique: rename this one (say '${id}${node.key[0]!.toUpperCase()}${node.key.slice(1)}').`,
        });
      },
    };
  },
});
