import { defineRule, type Node } from '../src/lint/rule.js';
import { operationParams, operationsOf } from './lib/operation-params.js';

export default defineRule({
  meta: {
    id: 'body-parameter-single',
    category: 'validity',
    formats: ['swagger2'],
    severity: 'error',
    description: 'An operation has at most one `in: body` parameter, and never a body and `in: formData` parameters together.',
    docs: `A request has one body. Swagger 2.0: "There can be one 'body' parameter at most", and body and form
parameters "cannot exist together for the same operation" (a form is itself the body). Parameters of the path
item count for each of its operations. Put the fields in the one body's schema, or use only form fields.

Swagger 2.0 only: OpenAPI 3 has no \`in: body\` or \`in: formData\` parameters (its schema allows only \`query\`,
\`header\`, \`path\` and \`cookie\`); an operation's body is its one \`requestBody\`, and a form is one of its media
types, so an operation cannot have two bodies or a body beside a form.

Fails:

\`\`\`yaml
paths:
  /orders:
    post:
      parameters:
        - {name: order, in: body, schema: {$ref: '#/definitions/Order'}}
        - {name: note, in: formData, type: string}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    post:
      parameters:
        - {name: order, in: body, schema: {$ref: '#/definitions/Order'}}
\`\`\``,
  },
  create: (ctx) => {
    const reported = new Set<string>(); // a path-level parameter is reported once, not per operation
    const report = (param: Node, message: string) => {
      const key = `${param.source.uri}#${param.pointer.join('/')}`;
      if (reported.has(key)) return;
      reported.add(key);
      ctx.report({ node: param, property: 'in', at: 'value', message });
    };
    return {
      PathItem(_item, node) {
        for (const method of operationsOf(node)) {
          const params = operationParams(ctx, node, method);
          const bodies = params.filter((p) => p.value['in'] === 'body');
          const form = params.find((p) => p.value['in'] === 'formData');
          const verb = method.toUpperCase();
          const firstName = String(bodies[0]?.value['name']);
          for (const extra of bodies.slice(1)) {
            report(extra, `${verb} already takes the body parameter '${firstName}', and a request has one body; move '${String(extra.value['name'])}' into that body's schema as a property.`);
          }
          if (bodies.length > 0 && form) {
            report(bodies[0]!, `${verb} has both a body parameter ('${firstName}') and form parameters ('${String(form.value['name'])}'), but a form is itself the body; use either the body or only formData parameters.`);
          }
        }
      },
    };
  },
});
