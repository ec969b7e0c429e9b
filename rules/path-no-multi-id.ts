import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { parsePath } from './lib/path-parser.js';
import { operationParams } from './lib/operation-params.js';
import { resolveChild } from './lib/resolve.js';
import { servedPaths } from './lib/served-paths.js';

/** The interface spec's reason (Collection pattern, rule 2), said where DELETE meets a packed path. */
const deleteReason =
  'an intermediary reads DELETE on it as deleting one resource at exactly that path: caches purge the combined path but keep each member path cached, and a 410 for the combined path may be passed on; send one DELETE per member path';
const otherAdvice = 'address one member per path, or query the collection with a query parameter';
const messages = {
  packed: `'{{segment}}' packs several identifiers into one path segment; ${otherAdvice}.`,
  packedDeleted: `'{{segment}}' packs several identifiers into one path segment; ${deleteReason}.`,
  array: `Path parameter '{{name}}' is an array ({{serialised}}), so one segment packs several identifiers; ${otherAdvice}.`,
  arrayDeleted: `Path parameter '{{name}}' is an array ({{serialised}}), so one segment packs several identifiers; ${deleteReason}.`,
};

/** Two or more `{ids}` separated by `;`, `,` or `|`, or matrix parameters (`;id={id}`). */
const packed = (text: string) => /\}\s*[;,|]\s*\{/.test(text) || /;[A-Za-z_][\w-]*=/.test(text);

const isArrayType = (type: unknown) => type === 'array' || (Array.isArray(type) && type.includes('array'));

/** An array path parameter: where to report it (below the parameter) and how it is serialised. */
interface ArrayParam {
  node: Node<JsonObject>;
  property: string[];
  serialised: string;
}

export default defineRule({
  meta: {
    id: 'path-no-multi-id',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // recommended by measured precision (issue 38, bench/path-rules.mjs): its lower bound is under 0.9, so only in `all`
    severity: 'off',
    allSeverity: 'error',
    description: 'No path segment packs several identifiers (at `error`, DELETE is an error and other methods a warning).',
    messages,
    docs: `Deleting several records by packing their identifiers into one path (\`/orders/{id1};{id2}\`,
\`/orders/{id1},{id2}\`, matrix parameters, an array-typed path parameter) is discouraged. An intermediary
reads DELETE on such a path as deleting one single resource at exactly that path: a 2xx answer may make
caches purge the combined path but leave the member paths cached, and a 410 for the combined path may be
passed on. OpenAPI 3: an array path parameter is one whose \`schema\` (inline or by \`$ref\`) has \`type: array\` (in
3.1, a type list with \`array\`), whatever its \`style\`. Configured at \`error\`, DELETE on such a path is an error and other methods get a warning;
at \`warn\` (the default: a house convention does not fail a first run) every finding is a warning.

Fails:

\`\`\`yaml
paths:
  /orders/{id1};{id2}:
    delete: …
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}:
    delete: …
\`\`\``,
  },
  create: (ctx) => {
    // Array path parameters where they are defined (the walk meets each once); DELETE decides the
    // severity, so DELETE operations' parameters are resolved, and only when there is such a parameter.
    const arrays = new Map<string, ArrayParam>();
    const deletes: Node[] = [];
    const where = (node: Node) => `${node.source.uri}#${node.pointer.join('/')}`;
    const openapi3 = ctx.format.id === 'openapi3';
    const checkPath = (item: JsonObject, node: Node, keyNode: Node) => {
      const deleting = item['delete'] !== undefined;
      if (deleting) deletes.push(node);
      if (!/[;,|]/.test(keyNode.key)) return; // what `packed` looks for: most paths have none of it
      for (const segment of parsePath(keyNode.key)) {
        if (segment.params.length < 1 || !packed(segment.text)) continue;
        ctx.report({
          node: keyNode,
          columns: [segment.start, segment.end],
          severity: deleting ? 'error' : 'warn',
          messageId: deleting ? 'packedDeleted' : 'packed',
          data: { segment: segment.text },
        });
      }
    };
    return {
      // the path items under `paths`, a `$ref` to components/pathItems or another file followed
      ...servedPaths(ctx, (_key, node, keyNode) => checkPath(node.value, node, keyNode)),
      Parameter(param, node) {
        if (param['in'] !== 'path') return;
        if (!openapi3) {
          if (param['type'] === 'array') arrays.set(where(node), { node, property: ['type'], serialised: `collectionFormat ${String(param['collectionFormat'] ?? 'csv')}` });
          return;
        }
        const schema = param['schema'] === undefined ? undefined : resolveChild(ctx, node, 'schema', 'Schema');
        if (!schema || !isArrayType(schema.value['type'])) return;
        const inline = (param['schema'] as JsonObject)['$ref'] === undefined; // a $ref'd one is reported at the parameter's `schema`
        arrays.set(where(node), { node, property: inline ? ['schema', 'type'] : ['schema'], serialised: `style ${String(param['style'] ?? 'simple')}` });
      },
      'Document:done'() {
        if (arrays.size === 0) return;
        const deleted = new Set(deletes.flatMap((item) => operationParams(ctx, item, 'delete').map(where)));
        for (const [at, { node, property, serialised }] of arrays) {
          const deleting = deleted.has(at);
          ctx.report({
            node,
            property,
            severity: deleting ? 'error' : 'warn',
            messageId: deleting ? 'arrayDeleted' : 'array',
            data: { name: String(node.value['name']), serialised },
          });
        }
      },
    };
  },
});
