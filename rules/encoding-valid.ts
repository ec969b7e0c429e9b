import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { encodingValid } from '../src/formats/openapi3/checks/content.js';

export default defineRule({
  meta: {
    id: 'encoding-valid',
    category: encodingValid.category,
    formats: ['openapi3'],
    severity: encodingValid.severity,
    description: encodingValid.description,
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
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, encodingValid),
});
