import { defineRule } from '../src/lint/rule.js';
import { templateShape } from './lib/template.js';

export default defineRule({
  meta: {
    id: 'path-unique-template',
    category: 'validity',
    severity: 'error',
    description: 'No two paths differ only in the names of their parameters (`/a/{x}` and `/a/{y}`).',
    docs: `A request for \`/orders/42\` matches \`/orders/{order_id}\` and \`/orders/{id}\` alike: the two are one path,
and which operation serves it is left to chance. Swagger 2.0 calls such templates equivalent and forbids them.
The second is reported, naming the first: merge its operations into the first.

Fails:

\`\`\`yaml
paths:
  /orders/{order_id}:
    get: {responses: {'200': {description: OK}}}
  /orders/{id}:
    delete: {responses: {'204': {description: Deleted}}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}:
    get: {responses: {'200': {description: OK}}}
    delete: {responses: {'204': {description: Deleted}}}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      const first = new Map<string, string>(); // shape → the first path key with it
      for (const key of Object.keys(paths)) {
        if (!key.startsWith('/')) continue;
        const shape = templateShape(key);
        const seen = first.get(shape);
        if (seen === undefined) {
          first.set(shape, key);
          continue;
        }
        ctx.report({
          node: ctx.child(node, key),
          message: `'${key}' is the same path as '${seen}' (only the parameter names differ), so requests cannot tell them apart; move its operations under '${seen}'.`,
        });
      }
    },
  }),
});
