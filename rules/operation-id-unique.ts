import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
import { lineOf } from './lib/where.js';
import { isObject } from './lib/resolve.js';

export default defineRule({
  meta: {
    id: 'operation-id-unique',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Every `operationId` is unique in the document.',
    messages: {
      duplicate: "operationId '{{id}}' is already used at {{first}}; operationIds must be unique: rename this one after what it does.",
      reused: "'{{path}}' reuses by $ref the path item whose operationId '{{id}}' is at {{first}}, so the id names two operations; copy the path item and give its operations their own operationIds.",
    },
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
    if (!versionChecked(ctx)) return {};
    // Operations where the walk meets them (where written), then each path that serves a path item
    // another path already serves (`/a: {$ref: '#/paths/~1b'}`, two paths taking one item of
    // components/pathItems): each of its operations is one more operation with the same id.
    const own: Array<{ id: string; at: Node }> = [];
    return {
      Operation(op, node) {
        if (typeof op['operationId'] === 'string') own.push({ id: op['operationId'], at: ctx.child(node, 'operationId') });
      },
      'Document:done'() {
        const first = new Map<string, Node>(); // operationId → its first value's node
        for (const { id, at } of own) {
          const seen = first.get(id);
          if (!seen) first.set(id, at);
          else ctx.report({ node: at, at: 'value', messageId: 'duplicate', data: { id, first: lineOf(seen, at) } });
        }
        for (const { path, ref, item } of reusedPathItems(ctx)) {
          for (const key of Object.keys(item)) {
            const op = item[key];
            if (ctx.format.kinds.childSpec('PathItem', key) === undefined || !isObject(op) || typeof op['operationId'] !== 'string') continue;
            const seen = first.get(op['operationId']);
            if (seen) ctx.report({ node: ref, at: 'value', messageId: 'reused', data: { path, id: op['operationId'], first: lineOf(seen, ref) } });
          }
        }
      },
    };
  },
});

/**
 * The paths whose path item is a `$ref` to one another path serves too: the one written under its
 * path, else the first path that takes it. Each with its `$ref` node and the item.
 */
function reusedPathItems(ctx: RuleContext): Array<{ path: string; ref: Node; item: JsonObject }> {
  const root = ctx.document.root;
  const at = ctx.format.kinds.pathItems;
  const paths = ctx.nodeAt(root, at);
  if (!isObject(paths.value)) return [];
  const byDefinition = new Map<string, Array<{ path: string; node: Node; item: JsonObject; direct: boolean }>>();
  for (const path of Object.keys(paths.value)) {
    if (!path.startsWith('/')) continue;
    const node = ctx.nodeAt(root, [...at, path], { parent: paths });
    const target = ctx.resolve(node);
    if (!target.ok || !isObject(target.value)) continue;
    const definition = `${target.source.uri}#${target.pointer.join('/')}`;
    const served = byDefinition.get(definition) ?? [];
    served.push({ path, node, item: target.value, direct: !isObject(node.value) || typeof node.value['$ref'] !== 'string' });
    byDefinition.set(definition, served);
  }
  const out: Array<{ path: string; ref: Node; item: JsonObject }> = [];
  for (const served of byDefinition.values()) {
    if (served.length < 2) continue;
    const owner = served.find((s) => s.direct) ?? served[0]!;
    for (const s of served) if (s !== owner && !s.direct) out.push({ path: s.path, ref: ctx.child(s.node, '$ref'), item: s.item });
  }
  return out;
}
