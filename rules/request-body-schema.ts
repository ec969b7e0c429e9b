import { defineRule } from '../src/lint/rule.js';
import { operationParams } from './lib/operation-params.js';
import { objectShape } from './lib/schema-shape.js';
import { pathKeyNode, resolveChild } from './lib/resolve.js';

export default defineRule({
  meta: {
    id: 'request-body-schema',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'warn',
    description: 'A POST or PUT body parameter has an object schema with `properties` and a `required` list.',
    docs: `A create or replace document can be large; a request without its required fields is error-prone when
the document does not say which they are. The body parameter of a POST or PUT has a schema (inline or by
\`$ref\`, \`allOf\` parts included) that declares its \`properties\` and lists the \`required\` ones. Bodies that
are no object (an array, a string, a file) and maps (\`additionalProperties\` only) are not checked.

Fails:

\`\`\`yaml
paths:
  /orders:
    post:
      parameters:
        - {name: definition, in: body, schema: {type: object}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    post:
      parameters:
        - name: definition
          in: body
          schema:
            type: object
            required: [name]
            properties: {name: {type: string}, path: {type: string}}
\`\`\``,
  },
  create: (ctx) => {
    // A schema shared by several bodies (a `$ref`'d definition) is reported once, at its first use: one fix serves all.
    const reported = new Set<string>();
    return {
      PathItem(item, node) {
        for (const method of ['post', 'put'] as const) {
          if (item[method] === undefined) continue;
          for (const param of operationParams(ctx, node, method)) {
            const schema = param.value['in'] === 'body' ? resolveChild(ctx, param, 'schema', 'Schema') : undefined;
            const shape = schema && objectShape(ctx, schema);
            if (!schema || !shape || (shape.properties > 0 && shape.required > 0)) continue;
            const where = `${schema.source.uri}#${schema.pointer.join('/')}`; // only for a finding: pointers cost
            if (reported.has(where)) continue;
            reported.add(where);
            const what = `The body '${String(param.value['name'])}' of ${method.toUpperCase()} ${pathKeyNode(node).key}`;
            ctx.report({
              node: param,
              property: 'schema',
              message: shape.properties === 0
                ? `${what} declares no properties; describe the document: properties, and the required ones in required: [...].`
                : `${what} lists no required properties; say which fields a request must carry: required: [...].`,
            });
          }
        }
      },
    };
  },
});
