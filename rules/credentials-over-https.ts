import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { reportClearSchemeUrls, reportClearServers } from './lib/clear-text.js';
import { servedOperationsOf, servedPaths, type ServedOperation } from './lib/served-paths.js';

interface Use {
  node: Node;
  schemes: unknown;
  security: unknown;
}

const names = (security: unknown): string[] =>
  Array.isArray(security) ? security.flatMap((r) => (r !== null && typeof r === 'object' ? Object.keys(r) : [])) : [];

export default defineRule({
  meta: {
    id: 'credentials-over-https',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'An operation that requires `basic` or `apiKey` credentials is not offered over `http` (OpenAPI 3: nor are oauth2 and OpenID Connect URLs).',
    messages: {
      // `where` is the format's place: Swagger 2.0's `schemes`, OpenAPI 3's server; `fix` the https form there
      clearText: "{{where}} lets the credentials of '{{name}}' ({{type}}) travel in clear text; passwords and keys go over https only: {{fix}}.",
      discovery: "openIdConnectUrl '{{url}}' of scheme '{{scheme}}' is plain http: the discovery document that says where tokens go can be forged on the way; use https.",
      authorizationUrl: "authorizationUrl '{{url}}' of the {{flow}} flow of scheme '{{scheme}}' is plain http: the authorization codes and tokens it hands out travel in clear text; use https.",
      tokenUrl: "{{key}} '{{url}}' of the {{flow}} flow of scheme '{{scheme}}' is plain http: the tokens, client secrets and passwords sent to it travel in clear text; use https.",
    },
    docs: `Basic credentials and API keys travel with every request, in clear text unless the connection is
encrypted. Where an operation requires a \`basic\` or \`apiKey\` scheme (its own \`security\` or the document's),
its \`schemes\` (its own or the document's) list \`https\` only. The \`http\` entry is reported.

OpenAPI 3: the schemes are \`http\` with \`scheme: basic\` and \`apiKey\`, and the places are the \`servers\` the
operation is served from (its own, its path item's, or the document's): a URL that starts with \`http://\` is
reported, and so is a server variable that stands for the URL's scheme where its \`default\` or an \`enum\` value
is \`http\`. A server on this machine (\`localhost\`, \`127.0.0.1\`, \`[::1]\`) crosses no network and passes; a
relative URL inherits the document's own scheme. Whether used or not, an \`oauth2\` flow's \`authorizationUrl\`,
\`tokenUrl\` or \`refreshUrl\` and an \`openIdConnectUrl\` over \`http://\` are reported: codes, tokens, client
secrets and passwords go there.

Fails:

\`\`\`yaml
schemes: [http, https]
securityDefinitions: {basic: {type: basic}}
security: [{basic: []}]
paths:
  /orders: {get: {responses: {'200': {description: OK}}}}
\`\`\`

Passes:

\`\`\`yaml
schemes: [https]
securityDefinitions: {basic: {type: basic}}
security: [{basic: []}]
paths:
  /orders: {get: {responses: {'200': {description: OK}}}}
\`\`\`

Fails:

\`\`\`yaml
openapi: 3.1.0
servers: [{url: 'http://api.example.com'}]
components:
  securitySchemes:
    basic: {type: http, scheme: basic}
security: [{basic: []}]
paths:
  /orders: {get: {responses: {'200': {description: OK}}}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
servers: [{url: 'https://api.example.com'}, {url: 'http://localhost:8080'}]
components:
  securitySchemes:
    basic: {type: http, scheme: basic}
security: [{basic: []}]
paths:
  /orders: {get: {responses: {'200': {description: OK}}}}
\`\`\``,
  },
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') {
      const operations: ServedOperation[] = []; // the API's, in document order: a shared server is reported with the first
      return {
        ...servedPaths(ctx, (key, item) => operations.push(...servedOperationsOf(ctx, key, item))),
        SecurityScheme(scheme, node) {
          reportClearSchemeUrls(ctx, scheme, node);
        },
        'Document:done'() {
          reportClearServers(ctx, operations);
        },
      };
    }
    let doc: JsonObject = {};
    let docNode: Node | undefined;
    const uses: Use[] = [];
    return {
      Document(value, node) {
        doc = value;
        docNode = node;
      },
      Operation(op, node) {
        uses.push({ node, schemes: op['schemes'], security: op['security'] });
      },
      'Document:done'() {
        const defs = (doc['securityDefinitions'] ?? {}) as Record<string, { type?: unknown } | null>;
        // most operations inherit the document's one `security` list: judged once per distinct list
        const judged = new Map<unknown, string[]>();
        const credentials = (security: unknown) => {
          let found = judged.get(security);
          if (!found) judged.set(security, (found = names(security).filter((n) => ['basic', 'apiKey'].includes(String(defs[n]?.type)))));
          return found;
        };
        const reported = new Set<Node>();
        for (const use of uses) {
          const needed = credentials(use.security ?? doc['security']);
          const own = Array.isArray(use.schemes);
          const schemes = own ? use.schemes : doc['schemes'];
          const owner = own ? use.node : docNode;
          const at = Array.isArray(schemes) ? schemes.findIndex((s) => String(s).toLowerCase() === 'http') : -1;
          if (needed.length === 0 || at === -1 || !owner || reported.has(owner)) continue;
          reported.add(owner); // the document's `http` once, however many operations inherit it
          ctx.report({
            node: owner,
            property: ['schemes', String(at)],
            at: 'value',
            messageId: 'clearText',
            data: { where: "'http' in schemes", name: needed[0]!, type: String(defs[needed[0]!]!.type), fix: 'schemes: [https]' },
          });
        }
      },
    };
  },
});
