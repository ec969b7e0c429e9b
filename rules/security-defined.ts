import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { servedOperationsOf, servedPaths } from './lib/served-paths.js';
import { isObject } from './lib/resolve.js';

export default defineRule({
  meta: {
    id: 'security-defined',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'Every operation is covered by a security requirement, or opts out with `security: []`.',
    messages: {
      noneCovered: 'No operation is covered by a security requirement and none opts out ({{count}}); define {{where}} with a top-level security requirement, or mark a public API with security: [].',
      uncovered: '{{method}} has no security requirement and the document none for it; add security: [{<scheme>: []}], or security: [] if it is public on purpose.',
    },
    docs: `An operation without a security requirement (its own \`security\`, or the document's) is public, whether
that was meant or not. Cover it, or say that it is public with \`security: []\` (on the operation, or at the
top level for the whole API). A document that defines no security at all gets one finding, at \`paths\`, rather
than one per operation. OpenAPI 3: the schemes are \`components/securitySchemes\`, and only the operations under
\`paths\` are checked (a callback's or a webhook's is a request the API sends, secured by the receiver). That a
requirement names defined schemes and scopes is [\`security-scheme-defined\`](security-scheme-defined.md)'s check.

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
\`\`\`

Fails:

\`\`\`yaml
openapi: 3.1.0
components:
  securitySchemes:
    service: {type: apiKey, in: header, name: X-Service-Authentication}
paths:
  /orders:
    get: {responses: {'200': {description: OK}}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
components:
  securitySchemes:
    service: {type: apiKey, in: header, name: X-Service-Authentication}
security: [{service: []}]
paths:
  /orders:
    get: {responses: {'200': {description: OK}}}
\`\`\``,
  },
  create: (ctx) => {
    let doc: JsonObject = {};
    let docNode: Node | undefined;
    const uncovered: Node[] = [];
    let anySecurity = false;
    const openapi3 = ctx.format.id === 'openapi3';
    const where = openapi3 ? 'components/securitySchemes' : 'securityDefinitions';
    const consider = (op: JsonObject, node: () => Node) => {
      // An operation's own list (even empty: the explicit opt-out) replaces the document's.
      if (Array.isArray(op['security'])) anySecurity = true;
      else if (!Array.isArray(doc['security'])) uncovered.push(node());
    };
    return {
      Document(value, node) {
        doc = value;
        docNode = node;
        const components = value['components'];
        const defs = openapi3 ? (isObject(components) ? components['securitySchemes'] : undefined) : value['securityDefinitions'];
        anySecurity = Array.isArray(value['security']) || (isObject(defs) && Object.keys(defs).length > 0);
      },
      Operation(op, node) {
        if (!openapi3) consider(op, () => node); // OpenAPI 3's: those under paths, at the end
      },
      // OpenAPI 3: the operations the API serves, under `paths` (path items `$ref`'d from
      // components/pathItems included); a callback's or a webhook's is a request the API sends.
      ...(openapi3 ? servedPaths(ctx, (key, item) => servedOperationsOf(ctx, key, item).forEach((op) => consider(op.node.value, () => ctx.nodeAt(op.node.source, op.node.pointer, { kind: 'Operation' })))) : {}),
      'Document:done'() {
        if (uncovered.length === 0) return;
        if (!anySecurity && docNode) {
          ctx.report({ node: docNode, property: 'paths', messageId: 'noneCovered', data: { count: `${uncovered.length} ${uncovered.length === 1 ? 'operation' : 'operations'}`, where } });
          return;
        }
        for (const node of uncovered) {
          ctx.report({ node, messageId: 'uncovered', data: { method: node.key.toUpperCase() } });
        }
      },
    };
  },
});
