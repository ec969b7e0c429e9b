import { defineRule } from '../src/lint/rule.js';

/** 2xx, `2XX`, a protocol switch or a redirect. */
const success = /^(?:2(?:\d\d|XX)|101|30[123578])$/i;

export default defineRule({
  meta: {
    id: 'response-success',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'Every operation documents at least one 2xx (or redirect) or `default` response.',
    messages: {
      noSuccess: "{{method}} documents {{shown}}; document its success response too, such as '200' with a description (and a schema when it returns a body).",
    },
    docs: `A client generated from the document needs to know what success looks like. An operation that lists only
error responses (or none) leaves it guessing: document the 2xx answer (or a \`default\` response). An
operation whose success is a redirect (301, 302, 303, 307, 308) or a protocol switch (101) passes; 304 Not
Modified does not, since it answers a repeated 200. OpenAPI 3's ranges count as their codes: \`2XX\` is a success.

Fails:

\`\`\`yaml
paths:
  /orders/{id}:
    parameters: [{name: id, in: path, required: true, type: string}]
    get:
      responses:
        '404': {description: Not found}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{id}:
    parameters: [{name: id, in: path, required: true, type: string}]
    get:
      responses:
        '200': {description: The order, schema: {$ref: '#/definitions/Order'}}
        '404': {description: Not found}
\`\`\``,
  },
  create: (ctx) => ({
    Operation(op, node) {
      const responses = op['responses'];
      const codes = responses !== null && typeof responses === 'object' ? Object.keys(responses) : [];
      // A redirect (`/authorize` answering 302) or a protocol switch (101, WebSocket) is that operation's success.
      for (const c of codes) if (c === 'default' || success.test(c)) return;
      const shown = codes.length > 0 ? `only ${codes.join(', ')}` : 'no responses';
      ctx.report({ node, messageId: 'noSuccess', data: { method: node.key.toUpperCase(), shown } });
    },
  }),
});
