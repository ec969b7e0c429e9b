import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { mediaTypeValid } from '../src/formats/openapi3/checks/content.js';

export default defineRule({
  meta: {
    id: 'media-type-valid',
    category: mediaTypeValid.category,
    formats: ['openapi3'],
    severity: mediaTypeValid.severity,
    description: mediaTypeValid.description,
    docs: `The keys of a \`content\` map (request bodies, responses, parameters, headers) are media types or media
type ranges: \`application/json\`, \`text/*\`, \`*/*\`, with parameters if need be (\`text/plain; charset=utf-8\`).
(Where \`encoding\` may stand is \`encoding-valid\`'s.)

Fails:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            json: {schema: {type: object}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json: {schema: {type: object}}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, mediaTypeValid),
});
