import { defineRule } from '../src/lint/rule.js';

export default defineRule<{ header: string }>({
  meta: {
    id: 'auth-header-name',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'A custom authentication header is named `X-Service-Authentication` (configurable).',
    messages: {
      otherName: 'Custom authentication header {{name}} of scheme {{scheme}} should be named {{header}}, the one header that carries the service user, the obfuscated password, the integrator key and the on-behalf-of user.',
    },
    docs: `The service authenticates custom clients with one header, \`X-Service-Authentication\`, for its REST and
SOAP styles alike. It carries the API service user (login name or GUID), the obfuscated password, the
integrator key and the optional on-behalf-of user. An \`apiKey\` scheme in a header by any other name is
reported; the standard \`Authorization\` header is not custom and passes, and so do OpenAPI 3's \`http\` schemes
(\`basic\`, \`bearer\`), which use it. The \`header\` option names the
expected header.

Fails:

\`\`\`yaml
securityDefinitions:
  key: {type: apiKey, in: header, name: X-Api-Key}
\`\`\`

Passes:

\`\`\`yaml
securityDefinitions:
  service: {type: apiKey, in: header, name: X-Service-Authentication}
\`\`\``,
    options: {
      type: 'object',
      properties: { header: { type: 'string', minLength: 1, description: 'The name of the custom authentication header.' } },
      additionalProperties: false,
    },
    defaults: { header: 'X-Service-Authentication' },
  },
  create: (ctx, { header }) => ({
    SecurityScheme(scheme, node) {
      const name = scheme['name'];
      if (scheme['type'] !== 'apiKey' || scheme['in'] !== 'header' || typeof name !== 'string') return;
      // Header names are case-insensitive (RFC 9110 §5.1).
      if (name.toLowerCase() === header.toLowerCase() || name.toLowerCase() === 'authorization') return;
      ctx.report({
        node,
        property: 'name',
        at: 'value',
        messageId: 'otherName',
        data: { name: `'${name}'`, scheme: `'${node.key}'`, header: `'${header}'` },
        suggestion: header,
      });
    },
  }),
});
