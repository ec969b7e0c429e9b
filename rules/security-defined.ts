import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';

export default defineRule({
  meta: {
    id: 'security-defined',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'warn',
    description: 'Every operation is covered by a security requirement, or opts out with `security: []`.',
    docs: `An operation without a security requirement (its own \`security\`, or the document's) is public, whether
that was meant or not. Cover it, or say that it is public with \`security: []\` (on the operation, or at the
top level for the whole API). A document that defines no security at all gets one finding, at \`paths\`, rather
than one per operation.

Fails:

\`\`\`yaml
securityDefinitions:
  basic: {type: basic}
paths:
  /orders:
    get: {responses: {'200': {description: OK}}}
\`\`\`

Passes:

\`\`\`yaml
security: [{basic: []}]
paths:
  /health:
    get: {security: [], responses: {'200': {description: OK}}}
\`\`\``,
  },
  create: (ctx) => {
    let doc: JsonObject = {};
    let docNode: Node | undefined;
    const uncovered: Node[] = [];
    let anySecurity = false;
    return {
      Document(value, node) {
        doc = value;
        docNode = node;
        const defs = value['securityDefinitions'];
        anySecurity = Array.isArray(value['security']) || (defs !== null && typeof defs === 'object' && Object.keys(defs).length > 0);
      },
      Operation(op, node) {
        // An operation's own list (even empty: the explicit opt-out) replaces the document's.
        if (Array.isArray(op['security'])) {
          anySecurity = true;
          return;
        }
        if (!Array.isArray(doc['security'])) uncovered.push(node);
      },
      'Document:done'() {
        if (uncovered.length === 0) return;
        if (!anySecurity && docNode) {
          ctx.report({ node: docNode, property: 'paths', message: `No operation is covered by a security requirement and none opts out (${uncovered.length} ${uncovered.length === 1 ? 'operation' : 'operations'}); define securityDefinitions with a top-level security requirement, or mark a public API with security: [].` });
          return;
        }
        for (const node of uncovered) {
          ctx.report({ node, message: `${node.key.toUpperCase()} has no security requirement and the document none for it; add security: [{<scheme>: []}], or security: [] if it is public on purpose.` });
        }
      },
    };
  },
});
