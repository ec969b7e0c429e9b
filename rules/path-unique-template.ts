import { defineRule, type JsonObject, type RuleContext, type Visitors } from '../src/lint/rule.js';
import { servedPathItems, versionChecked } from './lib/openapi3.js';
import { equivalentPairs } from './lib/equivalent-paths.js';

export default defineRule({
  meta: {
    id: 'path-unique-template',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'No method is on two paths that differ only in the names of their parameters (`/a/{x}` and `/a/{y}`).',
    messages: {
      sharedMethod: "'{{path}}' is the same path as '{{other}}' (only the parameter names differ) and both have {{methods}}, so a {{method}} request cannot tell them apart; move its operations under '{{other}}'.",
      // OpenAPI 3 forbids such templates whatever their methods ("they are identical")
      identical: "`{{path}}` is the same path as `{{other}}`: templates that differ only in their parameters' names are identical; merge them.",
    },
    docs: `A request for \`GET /orders/42\` matches \`/orders/{order_id}\` and \`/orders/{id}\` alike: when both paths
have a \`get\`, which operation serves it is left to chance. The later path is reported, naming the
earlier one and the methods on both: merge its operations into the first.

Templates that differ only in parameter names but share no method (\`PUT /teams/{id}/repos/{org}/{repo}\`
beside \`GET, DELETE /teams/{id}/repos/{owner}/{repo}\`) are valid Swagger 2.0: the specification does not
forbid them and a router tells them apart by method. They are reported by the convention rule
[\`path-param-names-consistent\`](path-param-names-consistent.md) (a warning), not by this one.

Fails:

\`\`\`yaml
paths:
  /orders/{order_id}:
    get: {responses: {'200': {description: OK}}}
  /orders/{id}:
    get: {responses: {'200': {description: OK}}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}:
    get: {responses: {'200': {description: OK}}}
    delete: {responses: {'204': {description: Deleted}}}
\`\`\``,
  },
  create: (ctx) => ctx.format.id === 'openapi3' ? openapi3Templates(ctx) : ({
    Paths(paths, node) {
      for (const { key, other, shared } of equivalentPairs(ctx, paths, node)) {
        if (shared.length === 0) continue; // disjoint methods: path-param-names-consistent's finding
        ctx.report({ node: ctx.child(node, key), messageId: 'sharedMethod', data: sharedData(key, other, shared) });
      }
    },
  }),
});

/**
 * OpenAPI 3: any two served paths whose templates differ only in their parameters' names, whatever
 * their methods (not yet the Swagger 2.0 side's, which leaves paths with disjoint methods to
 * path-param-names-consistent).
 */
function openapi3Templates(ctx: RuleContext): Visitors {
  if (!versionChecked(ctx)) return {};
  return {
    'Document:done'() {
      const byShape = new Map<string, { key: string; item: JsonObject }>();
      const root = ctx.document.root;
      for (const { key, node } of servedPathItems(ctx)) {
        const shape = key.replace(/\{[^{}]*\}/g, '{}');
        const earlier = byShape.get(shape);
        if (earlier === undefined) {
          byShape.set(shape, { key, item: node.value });
          continue;
        }
        // a method on both is the fault Swagger 2.0 reports too, in its words
        const shared = methodsOf(ctx, node.value).filter((m) => methodsOf(ctx, earlier.item).includes(m));
        const at = ctx.nodeAt(root, ['paths', key]);
        if (shared.length > 0) ctx.report({ node: at, messageId: 'sharedMethod', data: sharedData(key, earlier.key, shared) });
        else ctx.report({ node: at, messageId: 'identical', data: { path: key, other: earlier.key } });
      }
    },
  };
}

function sharedData(path: string, other: string, shared: readonly string[]): Record<string, string> {
  return { path, other, methods: shared.map((m) => m.toUpperCase()).join(', '), method: shared[0]!.toUpperCase() };
}

const order = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/** The methods a path item has an operation for (the fields the format's kinds table names operations), in the specification's order. */
function methodsOf(ctx: RuleContext, item: JsonObject): string[] {
  return order.filter((key) => {
    const spec = item[key] === undefined ? undefined : ctx.format.kinds.childSpec('PathItem', key);
    return spec !== undefined && 'one' in spec && spec.one === 'Operation';
  });
}
