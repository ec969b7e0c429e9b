import { defineRule } from '../src/lint/rule.js';

export default defineRule({
  meta: {
    id: 'apikey-not-in-query',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'An `apiKey` security scheme is sent in a header, not in the query.',
    messages: {
      inQuery: 'API key {{name}} of scheme {{scheme}} travels in the query, where it leaks into access logs, browser history and caches; send it in a header: in: header.',
    },
    docs: `A key in the query string is part of the URL: it is written to server and proxy access logs, kept in
browser history and caches, and passed on in \`Referer\` headers. Send it in a header. The OAuth 1.0 signature
parameter \`oauth_signature\` is the documented exception: it signs one request and is useless for another. Swagger
2.0's \`securityDefinitions\` and OpenAPI 3's \`components/securitySchemes\` are checked alike (a cookie is not the
query and passes).

Fails:

\`\`\`yaml
securityDefinitions:
  key: {type: apiKey, in: query, name: api_key}
\`\`\`

Passes:

\`\`\`yaml
securityDefinitions:
  key: {type: apiKey, in: header, name: X-Service-Authentication}
\`\`\``,
  },
  create: (ctx) => ({
    SecurityScheme(scheme, node) {
      if (scheme['type'] !== 'apiKey' || scheme['in'] !== 'query' || scheme['name'] === 'oauth_signature') return;
      ctx.report({
        node,
        property: 'in',
        messageId: 'inQuery',
        data: { name: `'${String(scheme['name'])}'`, scheme: `'${node.key}'` },
      });
    },
  }),
});
