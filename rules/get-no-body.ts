import { defineRule } from '../src/lint/rule.js';
import { operationParams } from './lib/operation-params.js';

/** OpenAPI 3's methods without request body semantics (see the docs). */
const bodiless = new Set(['GET', 'HEAD', 'DELETE']);

export default defineRule({
  meta: {
    id: 'get-no-body',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'GET and HEAD take no body (`in: body`; OpenAPI 3: `requestBody`, nor DELETE).',
    messages: {
      // `body` names the format's body: Swagger 2.0's `in: body` parameter, OpenAPI 3's requestBody
      body: '{{method}} takes no body, but {{body}}; a {{method}} obtains a resource or queries a list, so pass what selects it in the path or the query (in: query), or POST a search for a query too large for a URL.',
      deleteBody: 'DELETE takes no requestBody: a body on DELETE has no defined meaning and intermediaries may drop it; the path names the one member to delete (one DELETE per member).',
    },
    docs: `GET obtains a resource or queries a list of resources; HEAD asks for GET's headers. A body on them has
no defined meaning (RFC 9110 §9.3.1), and clients, proxies and caches drop or reject it. Put what selects the
resource in the path and the query; a query too large for a URL is a POST to a search resource.

OpenAPI 3: a \`requestBody\` on GET or HEAD is reported, and on DELETE too, which the OpenAPI 3 texts name
beside them. 3.0: "The requestBody is only supported in HTTP methods where the HTTP 1.1 specification RFC7231
has explicitly defined semantics for request bodies"; 3.1: "In other cases where the HTTP spec is vague (such
as GET, HEAD and DELETE), requestBody is permitted but does not have well-defined semantics and SHOULD be
avoided if possible." (Swagger 2.0's DELETE is left alone: its specification says nothing of it.)

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
\`\`\`

Fails:

\`\`\`yaml
openapi: 3.1.0
paths:
  /orders/{order_id}:
    parameters: [{name: order_id, in: path, required: true, schema: {type: string}}]
    delete:
      requestBody: {content: {application/json: {schema: {type: object}}}}
      responses: {'204': {description: Deleted}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
paths:
  /orders:
    get:
      parameters: [{name: status, in: query, schema: {type: string}}]
      responses: {'200': {description: The orders}}
\`\`\``,
  },
  create: (ctx) => {
    if (ctx.format.id === 'openapi3') {
      return {
        Operation(op, node) {
          const method = node.key.toUpperCase();
          if (op['requestBody'] === undefined || !bodiless.has(method)) return;
          if (method === 'DELETE') ctx.report({ node, property: 'requestBody', messageId: 'deleteBody' });
          else ctx.report({ node, property: 'requestBody', messageId: 'body', data: { method, body: 'it has a requestBody' } });
        },
      };
    }
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
            ctx.report({ node: param, property: 'in', messageId: 'body', data: { method: method.toUpperCase(), body: `'${String(param.value['name'])}' is in: body` } });
          }
        }
      },
    };
  },
});
