import { defineRule } from '../src/lint/rule.js';
import { openapi3Version, versionChecked } from './lib/openapi3.js';
import { encodingInResponses } from '../src/formats/openapi3/version.js';
import { isObject } from './lib/resolve.js';
import { declaredProperties } from './lib/declared-properties.js';

export default defineRule({
  meta: {
    id: 'encoding-valid',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: '`encoding` stands in multipart and application/x-www-form-urlencoded request bodies only, and each of its keys is a property of the body\'s schema.',
    messages: {
      notRequestBody: '`encoding` applies to request bodies only; here it is ignored.',
      notForm: '`encoding` applies to multipart and application/x-www-form-urlencoded bodies only; under `{{key}}` it is ignored.',
      notProperty: "`encoding` names `{{name}}`, which is not a property of the body's schema (it has {{declared}}); an encoding's key is the property it applies to.",
    },
    docs: `A Media Type Object's \`encoding\` says how each property of a form is sent: "The key, being the
property name, MUST exist in the schema as a property", an error when it does not (the properties of
\`allOf\`, \`anyOf\` and \`oneOf\` members count; a schema that allows any property, or declares none, is not
checked). And it "SHALL only apply to Request Body Objects, and only when the media type is multipart or
application/x-www-form-urlencoded": anywhere else (a response, a parameter's \`content\`, a JSON body) it is
ignored, which this rule says as a warning.

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Photos, version: '1.0'}
paths:
  /photos:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                photo: {type: string, contentMediaType: image/png}
            encoding:
              image: {contentType: image/png}
      responses: {'201': {description: Created}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Photos, version: '1.0'}
paths:
  /photos:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                photo: {type: string, contentMediaType: image/png}
            encoding:
              photo: {contentType: image/png}
      responses: {'201': {description: Created}}
\`\`\``,
  },
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    // 3.2: a media type's `encoding` applies wherever it is multipart or a form, responses included
    const anywhere = encodingInResponses(openapi3Version(ctx));
    return {
      MediaType(media, node) {
        if (media['encoding'] === undefined) return;
        // "SHALL only apply to Request Body Objects", "only when the media type is multipart or application/x-www-form-urlencoded"
        if (!anywhere && node.parent?.kind !== 'RequestBody') {
          ctx.report({ node, property: 'encoding', severity: 'warn', messageId: 'notRequestBody' });
          return;
        }
        if (!/^(multipart\/|application\/x-www-form-urlencoded)/i.test(node.key)) {
          ctx.report({ node, property: 'encoding', severity: 'warn', messageId: 'notForm', data: { key: node.key } });
          return;
        }
        const encoding = media['encoding'];
        if (!isObject(encoding) || !isObject(media['schema'])) return;
        const declared = declaredProperties(ctx, ctx.child(node, 'schema', undefined, 'Schema'));
        if (declared.open || declared.names.size === 0) return;
        for (const name of Object.keys(encoding)) {
          // "The key, being the property name, MUST exist in the schema as a property."
          if (!declared.names.has(name)) ctx.report({ node, property: ['encoding', name], messageId: 'notProperty', data: { name, declared: [...declared.names].join(', ') } });
        }
      },
    };
  },
});
