import { defineRule, type Node } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
import { entryReport, paramList } from './lib/param-list.js';
import { lineOf } from './lib/where.js';

export default defineRule({
  meta: {
    id: 'parameter-unique',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'No parameter (name and location) is listed twice in one operation or one path item.',
    messages: {
      duplicate: "Parameter '{{name}}' in {{location}} is already listed at {{first}}; a name and location are unique in a parameter list: remove this one or rename it.",
    },
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
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    const check = (owner: Node) => {
      const first = new Map<string, Node>(); // "in:name" → the first entry
      for (const { entry, param } of paramList(ctx, owner)) {
        if (!param) continue;
        const { name, in: location } = param.value;
        if (typeof name !== 'string' || typeof location !== 'string') continue;
        // HTTP header names are case-insensitive: `X-Trace` and `x-trace` are one header
        const id = `${location}:${location === 'header' ? name.toLowerCase() : name}`;
        const seen = first.get(id);
        if (!seen) {
          first.set(id, entry);
          continue;
        }
        ctx.report({ ...entryReport(entry, 'name'), messageId: 'duplicate', data: { name, location, first: lineOf(seen, entry) } });
      }
    };
    return { PathItem: (_v, node) => check(node), Operation: (_v, node) => check(node) };
  },
});
