import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';

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
    formats: ['swagger2'],
    severity: 'error',
    description: 'An operation that requires `basic` or `apiKey` credentials is not offered over `http`.',
    docs: `Basic credentials and API keys travel with every request, in clear text unless the connection is
encrypted. Where an operation requires a \`basic\` or \`apiKey\` scheme (its own \`security\` or the document's),
its \`schemes\` (its own or the document's) list \`https\` only. The \`http\` entry is reported.

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
\`\`\``,
  },
  create: (ctx) => {
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
            message: `'http' in schemes lets the credentials of '${needed[0]}' (${String(defs[needed[0]!]!.type)}) travel in clear text; passwords and keys go over https only: schemes: [https].`,
          });
        }
      },
    };
  },
});
