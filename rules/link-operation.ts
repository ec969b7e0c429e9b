import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { linkOperation } from '../src/formats/openapi3/checks/links.js';

export default defineRule({
  meta: {
    id: 'link-operation',
    category: linkOperation.category,
    formats: ['openapi3'],
    severity: linkOperation.severity,
    description: linkOperation.description,
    docs: `A Link Object names the operation it leads to: "A linked operation MUST be identified using either an
\`operationRef\` or \`operationId\`". An \`operationId\` must be one an operation of the document has (under
\`paths\`, \`webhooks\` or a callback); an \`operationRef\` must resolve to an Operation Object: a JSON pointer
in a URI fragment, with \`/\` in the path written \`~1\` and braces percent-encoded
(\`#/paths/~1orders~1%7Bid%7D/get\`). An \`operationRef\` into a document swaglint did not load (a remote URL, a
file no \`$ref\` reaches) is not checked. A 3.0 link with neither is reported here; with both, or a 3.1 link
with neither, is \`schema-valid\`'s (the official schemas say so).

The keys of the link's \`parameters\` name parameters of that operation (its path item's included), as
\`name\` or, where two locations share a name, \`in.name\` (\`path.id\`). One it does not have is a warning: the
specification does not say MUST, but a client following the link cannot pass it. The values, when they are
runtime expressions, are \`runtime-expression-valid\`'s. A link's \`requestBody\` for an operation that takes
none is a warning too.

Fails:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    post:
      responses:
        '201':
          description: Created
          links:
            order:
              operationId: getOrdr
              parameters: {id: $response.body#/id}
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses: {'200': {description: OK}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    post:
      responses:
        '201':
          description: Created
          links:
            order:
              operationId: getOrder
              parameters: {id: $response.body#/id}
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses: {'200': {description: OK}}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, linkOperation),
});
