import { defineRule, type JsonObject } from '../src/lint/rule.js';
import { openapi3Version, versionChecked } from './lib/openapi3.js';
import { isObject } from './lib/resolve.js';
import { closest } from '../src/text/edit-distance.js';

export default defineRule({
  meta: {
    id: 'security-scheme-defined',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Security requirements name defined schemes (`securityDefinitions`; OpenAPI 3: `components/securitySchemes`), and ask only for scopes those define.',
    messages: {
      undefined: "Security scheme '{{name}}' is not defined in {{where}}; {{fix}}.",
      noScopes: "Security scheme '{{name}}' is {{type}}, which has no scopes; write {{name}}: [] (scopes are for {{scoped}} only).",
      undefinedScope: "Scope '{{scope}}' is not among the scopes of oauth2 scheme '{{name}}' ({{hint}}); add it to that scheme's scopes or request one of those.",
    },
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
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    // one fault, one message, in both formats; where the schemes live and what takes scopes differ
    const openapi3 = ctx.format.id === 'openapi3';
    const version = openapi3Version(ctx);
    const where = openapi3 ? 'components/securitySchemes' : 'securityDefinitions';
    const root = ctx.document.root;
    const rootValue = isObject(root.value) ? root.value : {};
    const components = rootValue['components'];
    const defs = openapi3 ? (isObject(components) ? components['securitySchemes'] : undefined) : rootValue['securityDefinitions'];
    const schemes: JsonObject = isObject(defs) ? defs : {};
    const names = Object.keys(schemes);
    /** The scheme a requirement names, a `$ref` followed (OpenAPI 3), or undefined. */
    const schemeOf = (name: string): JsonObject | undefined => {
      if (!Object.hasOwn(schemes, name)) return undefined; // not `__proto__`'s Object.prototype
      if (!openapi3) return isObject(schemes[name]) ? schemes[name] : undefined;
      const target = ctx.resolve(ctx.nodeAt(root, ['components', 'securitySchemes', name]));
      return target.ok && isObject(target.value) ? target.value : undefined;
    };
    /** The scopes an oauth2 scheme defines: its own (Swagger 2.0) or its flows' (OpenAPI 3). */
    const scopesOf = (scheme: JsonObject): string[] => {
      if (!openapi3) return isObject(scheme['scopes']) ? Object.keys(scheme['scopes']) : [];
      const flows = scheme['flows'];
      const defined = new Set<string>();
      if (isObject(flows)) for (const flow of Object.values(flows)) if (isObject(flow) && isObject(flow['scopes'])) Object.keys(flow['scopes']).forEach((s) => defined.add(s));
      return [...defined];
    };
    return {
      SecurityRequirement(req, node) {
        for (const [name, scopes] of Object.entries(req)) {
          const scheme = schemeOf(name);
          if (!scheme) {
            const near = names.length > 0 ? closest(name, names) : undefined;
            const fix = near !== undefined ? `did you mean '${near}'? Defined: ${names.join(', ')}` : `define it under ${where}`;
            ctx.report({ node: ctx.child(node, name), messageId: 'undefined', data: { name, where, fix } });
            continue;
          }
          if (!Array.isArray(scopes)) continue; // not a list: the schema's to report
          const type = scheme['type'];
          if (type !== 'oauth2') {
            // OpenAPI 3.1 on lets any scheme list roles; 3.0 gives scopes to openIdConnect too
            const scoped = openapi3 ? 'oauth2 and openIdConnect' : 'oauth2';
            if (scopes.length > 0 && (!openapi3 || (version === '3.0' && type !== 'openIdConnect'))) {
              ctx.report({ node: ctx.child(node, name), messageId: 'noScopes', data: { name, type: String(type), scoped } });
            }
            continue;
          }
          const defined = scopesOf(scheme);
          scopes.forEach((scope, i) => {
            if (typeof scope !== 'string' || defined.includes(scope)) return;
            const hint = defined.length > 0 ? `it defines ${defined.map((s) => `'${s}'`).join(', ')}` : 'it defines no scopes';
            ctx.report({
              node: ctx.child(node, [name, String(i)]),
              at: 'value',
              // Swagger 2.0 does not say in words that requested scopes must be declared, and go-openapi
              // accepts undeclared ones: a warning there. OpenAPI 3 keeps the error it always gave.
              ...(openapi3 ? {} : { severity: 'warn' as const }),
              messageId: 'undefinedScope',
              data: { scope, name, hint },
            });
          });
        }
      },
    };
  },
});
