import { defineRule } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
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
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    // OpenAPI 3 forbids such templates whatever their methods; Swagger 2.0 leaves disjoint ones to path-param-names-consistent
    const identicalForbidden = ctx.format.id === 'openapi3';
    return {
      Paths(paths, node) {
        for (const { key, other, shared, resolved } of equivalentPairs(ctx, paths, node)) {
          const at = ctx.child(node, key);
          if (shared.length > 0) ctx.report({ node: at, messageId: 'sharedMethod', data: sharedData(key, other, shared) });
          else if (identicalForbidden && resolved) ctx.report({ node: at, messageId: 'identical', data: { path: key, other } });
        }
      },
    };
  },
});

function sharedData(path: string, other: string, shared: readonly string[]): Record<string, string> {
  return { path, other, methods: shared.map((m) => m.toUpperCase()).join(', '), method: shared[0]!.toUpperCase() };
}
