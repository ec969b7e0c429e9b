import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { runtimeExpressions } from '../src/formats/openapi3/checks/links.js';

export default defineRule({
  meta: {
    id: 'runtime-expression-valid',
    category: runtimeExpressions.category,
    formats: ['openapi3'],
    severity: runtimeExpressions.severity,
    description: runtimeExpressions.description,
    docs: `Callbacks and links use runtime expressions: \`$url\`, \`$method\`, \`$statusCode\`,
\`$request.header.X\`, \`$request.query.x\`, \`$request.path.x\`, \`$request.body#/json/pointer\` and the same for
\`$response\` (header and body). A callback's key holds them in braces; a link's parameter values and
\`requestBody\` may be one. (Which operation a link names, and whether it has the parameters the link passes,
is \`link-operation\`'s.)

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    post:
      callbacks:
        done:
          '{$request.body.callbackUrl}':
            post: {responses: {'200': {description: OK}}}
      responses: {'201': {description: Created}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    post:
      callbacks:
        done:
          '{$request.body#/callbackUrl}':
            post: {responses: {'200': {description: OK}}}
      responses: {'201': {description: Created}}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, runtimeExpressions),
});
