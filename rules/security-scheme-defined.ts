import { defineRule, type JsonObject } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { securitySchemeDefined } from '../src/formats/openapi3/checks/security.js';
import { isObject } from './lib/resolve.js';
import { closest } from '../src/text/edit-distance.js';

export default defineRule({
  meta: {
    id: 'security-scheme-defined',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Security requirements name defined schemes (`securityDefinitions`; OpenAPI 3: `components/securitySchemes`), and ask only for scopes those define.',
    docs: `Swagger 2.0: each name in a security requirement "MUST correspond to a security scheme which is declared in
the Security Definitions", its list holds scope names for an \`oauth2\` scheme, and "for other security scheme
types, the array MUST be empty". Checked for the document's \`security\` and every operation's.

Fails:

\`\`\`yaml
securityDefinitions:
  oauth: {type: oauth2, flow: implicit, authorizationUrl: 'https://example.com/auth', scopes: {'read:orders': Read}}
security:
  - oAuth: ['read:orders']
  - oauth: ['write:orders']
\`\`\`

Passes:

\`\`\`yaml
securityDefinitions:
  oauth: {type: oauth2, flow: implicit, authorizationUrl: 'https://example.com/auth', scopes: {'read:orders': Read}}
security:
  - oauth: ['read:orders']
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') return openapi3Visitors(ctx, securitySchemeDefined);
    let schemes: JsonObject = {};
    return {
      Document(doc) {
        const defs = doc['securityDefinitions'];
        schemes = isObject(defs) ? defs : {};
      },
      SecurityRequirement(req, node) {
        const names = Object.keys(schemes);
        for (const [name, scopes] of Object.entries(req)) {
          const scheme = Object.hasOwn(schemes, name) ? schemes[name] : undefined; // not `__proto__`'s Object.prototype
          if (!isObject(scheme)) {
            const near = names.length > 0 ? closest(name, names) : undefined;
            const fix = near !== undefined ? `did you mean '${near}'? Defined: ${names.join(', ')}` : 'define it under securityDefinitions';
            ctx.report({ node: ctx.child(node, name), message: `Security scheme '${name}' is not defined in securityDefinitions; ${fix}.` });
            continue;
          }
          if (!Array.isArray(scopes)) continue; // not a list: the schema's to report
          if (scheme['type'] !== 'oauth2') {
            if (scopes.length > 0) {
              ctx.report({ node: ctx.child(node, name), message: `Security scheme '${name}' is ${String(scheme['type'])}, which has no scopes; write ${name}: [] (scopes are for oauth2 only).` });
            }
            continue;
          }
          const defined = isObject(scheme['scopes']) ? Object.keys(scheme['scopes']) : [];
          scopes.forEach((scope, i) => {
            if (typeof scope !== 'string' || defined.includes(scope)) return;
            const hint = defined.length > 0 ? `it defines ${defined.map((s) => `'${s}'`).join(', ')}` : 'it defines no scopes';
            ctx.report({
              node: ctx.child(node, [name, String(i)]),
              at: 'value',
              // The specification does not say in words that requested scopes must be declared, and
              // go-openapi accepts undeclared ones: a warning, not a validity error.
              severity: 'warn',
              message: `Scope '${scope}' is not among the scopes of oauth2 scheme '${name}' (${hint}); add it to that scheme's scopes or request one of those.`,
            });
          });
        }
      },
    };
  },
});
