import { defineRule, type JsonObject } from '../src/lint/rule.js';
import { operationParams, operationsOf } from './lib/operation-params.js';
import { resolveChild } from './lib/resolve.js';

/**
 * A form body: multipart/form-data or application/x-www-form-urlencoded, with parameters
 * (`; boundary=x`) and vendor variants (`multipart/vnd.acme+form-data`, as swagger-parser accepts).
 */
function isFormType(media: unknown): boolean {
  if (typeof media !== 'string') return false;
  const type = media.split(';')[0]!.trim().toLowerCase();
  return /^multipart\/(.+\+)?form-data$/.test(type) || /^application\/(.+\+)?x-www-form-urlencoded$/.test(type);
}

export default defineRule({
  meta: {
    id: 'file-parameter-form',
    category: 'validity',
    formats: ['swagger2'],
    severity: 'error',
    description: 'A `type: file` parameter is `in: formData`, and its operation consumes `multipart/form-data` or `application/x-www-form-urlencoded`.',
    docs: `Swagger 2.0: "If type is \`file\`, the consumes MUST be either \`multipart/form-data\`,
\`application/x-www-form-urlencoded\` or both and the parameter MUST be \`in: formData\`." A file travels as
a part of a form; the operation's \`consumes\` (or the document's, when the operation has none) says so.

Swagger 2.0 only. OpenAPI 3.0 and 3.1 have no \`type: file\`, no \`in: formData\` and no \`consumes\`: a file
is a property of a \`multipart/form-data\` request body (3.0: \`type: string, format: binary\`; 3.1:
\`contentMediaType\`) or a whole body of its own media type (\`application/octet-stream\`, \`image/png\`), so
the body's media type says how it travels and there is nothing left for this rule to check. A \`type: file\`
in an OpenAPI 3 document is \`schema-valid\`'s (3.0) or a type JSON Schema does not define (3.1); where an
\`encoding\` for a form's file may stand is \`encoding-valid\`'s.

Fails:

\`\`\`yaml
consumes: [application/json]
paths:
  /photos:
    post:
      parameters:
        - {name: photo, in: formData, type: file}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /photos:
    post:
      consumes: [multipart/form-data]
      parameters:
        - {name: photo, in: formData, type: file}
\`\`\``,
  },
  create: (ctx) => {
    let global: unknown;
    const reported = new Set<string>(); // a shared parameter is reported once
    return {
      Document(doc) {
        global = doc['consumes'];
      },
      PathItem(_item, node) {
        for (const method of operationsOf(node)) {
          const op = resolveChild(ctx, node, method);
          const own = (op?.value as JsonObject | undefined)?.['consumes'];
          const consumes = Array.isArray(own) ? own : Array.isArray(global) ? global : [];
          const isForm = consumes.some(isFormType);
          for (const param of operationParams(ctx, node, method)) {
            if (param.value['type'] !== 'file') continue;
            const name = String(param.value['name']);
            const key = `${param.source.uri}#${param.pointer.join('/')}`;
            if (param.value['in'] !== 'formData') {
              if (reported.has(key + ':in')) continue;
              reported.add(key + ':in');
              ctx.report({ node: param, property: 'in', at: 'value', message: `File parameter '${name}' is in: ${String(param.value['in'])}, but a file is sent as a form field; write in: formData.` });
              continue;
            }
            if (isForm || reported.has(key + ':consumes')) continue;
            reported.add(key + ':consumes');
            const has = consumes.length === 0 ? 'consumes nothing' : `consumes only ${consumes.map(String).join(', ')}`;
            ctx.report({
              node: param,
              property: 'type',
              at: 'value',
              message: `File parameter '${name}' needs a form request body, but ${method.toUpperCase()} ${has}; add consumes: [multipart/form-data] to the operation.`,
            });
          }
        }
      },
    };
  },
});
