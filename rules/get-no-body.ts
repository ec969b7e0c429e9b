import { defineRule } from '../src/lint/rule.js';
import { operationParams } from './lib/operation-params.js';

export default defineRule({
  meta: {
    id: 'get-no-body',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'error',
    description: 'GET and HEAD take no `in: body` parameter.',
    docs: `GET obtains a resource or queries a list of resources; HEAD asks for GET's headers. A body on them has
no defined meaning (RFC 9110 §9.3.1), and clients, proxies and caches drop or reject it. Put what selects the
resource in the path and the query; a query too large for a URL is a POST to a search resource.

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: filter, in: body, schema: {type: object}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: status, in: query, type: string}
\`\`\``,
  },
  create: (ctx) => {
    const reported = new Set<string>(); // a shared path-level body parameter is reported once
    return {
      PathItem(item, node) {
        for (const method of ['get', 'head'] as const) {
          if (item[method] === undefined) continue;
          for (const param of operationParams(ctx, node, method)) {
            if (param.value['in'] !== 'body') continue;
            const where = `${param.source.uri}#${param.pointer.join('/')}`;
            if (reported.has(where)) continue;
            reported.add(where);
            ctx.report({
              node: param,
              property: 'in',
              message: `${method.toUpperCase()} takes no body, but '${String(param.value['name'])}' is in: body; a ${method.toUpperCase()} obtains a resource or queries a list, so pass it in the query (in: query), or POST a search for a query too large for a URL.`,
            });
          }
        }
      },
    };
  },
});
