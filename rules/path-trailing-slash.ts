import { defineRule } from '../src/lint/rule.js';

export default defineRule({
  meta: {
    id: 'path-trailing-slash',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'No path ends with `/` (except `/` itself).',
    messages: { trailingSlash: "Path '{{path}}' ends with '/'; write '{{fixed}}'." },
    docs: `\`/orders/\` and \`/orders\` are different URLs to HTTP, to caches and to most routers, so a trailing
slash makes clients guess which one the API means. Write paths without it; only the root is \`/\`.

Fails:

\`\`\`yaml
paths:
  /orders/: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders: {}
  /: {}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      for (const key of Object.keys(paths)) {
        if (!key.startsWith('/') || key === '/' || !key.endsWith('/')) continue;
        const fixed = key.replace(/\/+$/, '') || '/';
        ctx.report({
          node: ctx.child(node, key),
          columns: [key.length - 1, key.length],
          messageId: 'trailingSlash',
          data: { path: key, fixed },
          suggestion: fixed,
        });
      }
    },
  }),
});
