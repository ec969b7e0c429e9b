import { defineRule, type Node } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { parameterUnique } from '../src/formats/openapi3/checks/paths.js';
import { entryReport, paramList } from './lib/param-list.js';
import { lineOf } from './lib/where.js';

export default defineRule({
  meta: {
    id: 'parameter-unique',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'No parameter (name and location) is listed twice in one operation or one path item.',
    docs: `Swagger 2.0: "The list MUST NOT include duplicated parameters. A unique parameter is defined by a
combination of a name and location." Two \`{name: limit, in: query}\` in one list leave readers and code
generators to guess which one holds. An operation may redefine a parameter of its path item: that overrides it
and is not a duplicate.

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: limit, in: query, type: integer}
        - {name: limit, in: query, type: string}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: limit, in: query, type: integer}
        - {name: limit, in: header, type: integer}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') return openapi3Visitors(ctx, parameterUnique);
    const check = (owner: Node) => {
      const first = new Map<string, Node>(); // "in:name" → the first entry
      for (const { entry, param } of paramList(ctx, owner)) {
        if (!param) continue;
        const { name, in: location } = param.value;
        if (typeof name !== 'string' || typeof location !== 'string') continue;
        const id = `${location}:${name}`;
        const seen = first.get(id);
        if (!seen) {
          first.set(id, entry);
          continue;
        }
        ctx.report({
          ...entryReport(entry, 'name'),
          message: `Parameter '${name}' in ${location} is already listed at ${lineOf(seen, entry)}; a name and location are unique in a parameter list: remove this one or rename it.`,
        });
      }
    };
    return { PathItem: (_v, node) => check(node), Operation: (_v, node) => check(node) };
  },
});
