import { quote } from '../src/text/quote.js';
import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';
import { servedOperationsOf, servedPaths, type ServedOperation } from './lib/served-paths.js';
import { paramList } from './lib/param-list.js';
import { operationParams, operationsOf, type Param } from './lib/operation-params.js';
import { pathKeyNode, resolveChild } from './lib/resolve.js';
import { placeholders } from './lib/template.js';

/** The `in: path` parameters of a path item's own list (for a path item without operations). */
function pathLevelParams(ctx: Parameters<typeof operationParams>[0], item: Node): Param[] {
  const list = (item.value as Record<string, unknown>)['parameters'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((_, i) => resolveChild(ctx, item, ['parameters', String(i)], 'Parameter') ?? []);
}

export default defineRule({
  meta: {
    id: 'path-params-match',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Every `{param}` in a path has a required `in: path` parameter, and every path parameter appears in the path.',
    messages: {
      unused: "Path parameter '{{name}}' does not appear in the path {{path}}; add {{{name}}} to the path, or change its 'in' (query, header) if it is not part of the path.",
      notRequired: "Path parameter '{{name}}' must be required: true (a path cannot lack one of its segments); write required: true.",
      // `type` is the format's way to say string: Swagger 2.0's `type`, OpenAPI 3's `schema`
      undeclared: "'{{{name}}}' in {{path}} has no path parameter{{where}}; declare it under the path's parameters: {name: {{name}}, in: path, required: true, {{type}}}.",
    },
    docs: `A path template and its path parameters describe the same thing twice, so they must agree: each
\`{name}\` needs a parameter \`{name: <name>, in: path, required: true}\` (on the path item or on every
operation, directly or through \`$ref\`), each \`in: path\` parameter needs its \`{name}\` in the path, and a path
parameter is always \`required: true\` (Swagger 2.0: "this property is required and its value MUST be true").

Fails:

\`\`\`yaml
paths:
  /orders/{order_id}:
    get:
      parameters:
        - {name: id, in: path, required: true, type: string}
      responses: {'200': {description: OK}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}:
    parameters:
      - {name: order_id, in: path, required: true, type: string}
    get: {responses: {'200': {description: OK}}}
\`\`\``,
  },
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') return servedPaths(ctx, (key, item) => openapi3PathParams(ctx, servedOperationsOf(ctx, key, item)));
    // A parameter shared by several operations (or paths, through $ref) is reported once.
    const reported = new Set<string>();
    const once = (param: Param, what: string) => {
      const key = `${param.source.uri}#${param.pointer.join('/')}:${what}`;
      if (reported.has(key)) return false;
      reported.add(key);
      return true;
    };
    return {
      PathItem(_item, node) {
        const keyNode = pathKeyNode(node);
        const path = keyNode.key;
        if (!path.startsWith('/')) return;
        const holes = placeholders(path);
        const names = new Set(holes.map((p) => p.name));
        const methods = operationsOf(node);
        const lists: Array<[string | undefined, Param[]]> = methods.length > 0
          ? methods.map((m) => [m, operationParams(ctx, node, m)])
          : [[undefined, pathLevelParams(ctx, node)]];
        const missing = new Map<string, string[]>(); // placeholder → the methods that lack it
        for (const [method, params] of lists) {
          const declared = new Set<string>();
          for (const param of params) {
            if (param.value['in'] !== 'path') continue;
            const name = param.value['name'];
            if (typeof name !== 'string') continue;
            declared.add(name);
            if (!names.has(name) && once(param, 'unused')) {
              ctx.report({
                node: ctx.child(param, 'name'),
                at: 'value',
                messageId: 'unused',
                data: { name, path: quote(path) },
              });
            }
            if (param.value['required'] !== true && once(param, 'required')) {
              const has = param.value['required'] !== undefined;
              ctx.report({
                node: param,
                property: has ? 'required' : 'in',
                at: has ? 'value' : 'key',
                messageId: 'notRequired',
                data: { name },
              });
            }
          }
          for (const name of names) {
            if (name !== '' && !declared.has(name)) missing.set(name, [...(missing.get(name) ?? []), method ?? '']);
          }
        }
        for (const p of holes) {
          const lacking = missing.get(p.name);
          if (!lacking) continue;
          missing.delete(p.name); // a name used twice is path-template-valid's to report
          const where = methods.length === 0 || lacking.length === methods.length ? '' : ` (in ${lacking.map((m) => m.toUpperCase()).join(', ')})`;
          ctx.report({
            node: keyNode,
            columns: [p.start, p.end],
            messageId: 'undeclared',
            data: { name: p.name, path: quote(path), where, type: 'type: string' },
          });
        }
      },
    };
  },
});

const templateNames = (path: string) => [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
const identity = (p: JsonObject) => `${String(p['in'])}\0${p['in'] === 'header' ? String(p['name']).toLowerCase() : String(p['name'])}`;

/**
 * OpenAPI 3: each operation's `{name}`s of a served path item against its effective path parameters (its path item's,
 * unless it overrides them, and its own). Not yet the Swagger 2.0 side's, which reports a missing
 * parameter at its place in the path and checks `required`.
 */
function openapi3PathParams(ctx: RuleContext, operations: readonly ServedOperation[]): void {
  for (const op of operations) {
    const own = paramList(ctx, op.node).flatMap(({ param }) => (param ? [param] : []));
    const ownIds = new Set(own.map((p) => identity(p.value)));
    const shared = paramList(ctx, op.item).flatMap(({ param }) => (param && !ownIds.has(identity(param.value)) ? [param] : []));
    const names = templateNames(op.path);
    const declared = [...shared, ...own].filter((p) => p.value['in'] === 'path');
    const declaredNames = new Set(declared.map((p) => String(p.value['name'])));
    for (const name of new Set(names)) {
      if (declaredNames.has(name)) continue;
      // at the operation that lacks it, naming its method (Swagger 2.0 reports at the path's placeholder)
      ctx.report({ node: ctx.nodeAt(op.node.source, op.node.pointer), messageId: 'undeclared', data: { name, path: quote(op.path), where: ` (in ${op.method.toUpperCase()})`, type: 'schema: {type: string}' } });
    }
    for (const p of declared) {
      const name = String(p.value['name']);
      if (names.includes(name)) continue;
      ctx.report({ node: ctx.nodeAt(p.source, p.pointer), property: 'name', at: 'value', messageId: 'unused', data: { name, path: quote(op.path) } });
    }
  }
}
