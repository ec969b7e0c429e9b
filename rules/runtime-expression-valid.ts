import { defineRule } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';
import { isObject } from './lib/resolve.js';
import { isRuntimeExpression } from './lib/runtime-expression.js';

export default defineRule({
  meta: {
    id: 'runtime-expression-valid',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'A callback\'s key and a link\'s parameter or requestBody expressions are runtime expressions the specification defines ($url, $method, $statusCode, $request.…, $response.…).',
    messages: {
      callbackUrl: '`{{{expression}}}` in the callback URL is not a runtime expression: write one such as {$request.body#/callbackUrl} or {$request.query.url}.',
      linkValue: '`{{value}}` is not a runtime expression ($url, $method, $statusCode, $request.path.id, $response.body#/id, ...).',
    },
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
  create: (ctx) => {
    if (!versionChecked(ctx)) return {};
    return {
      Callback(callback, node) {
        for (const key of Object.keys(callback)) {
          if (key.startsWith('x-')) continue;
          for (const match of key.matchAll(/\{([^{}]*)\}/g)) {
            if (!isRuntimeExpression(match[1]!)) ctx.report({ node, property: key, messageId: 'callbackUrl', data: { expression: match[1]! } });
          }
        }
      },
      Link(link, node) {
        const parameters = isObject(link['parameters']) ? Object.entries(link['parameters']).map(([k, v]) => [['parameters', k], v] as const) : [];
        for (const [property, value] of [...parameters, [['requestBody'], link['requestBody']] as const]) {
          if (typeof value !== 'string' || !value.startsWith('$')) continue;
          if (!isRuntimeExpression(value)) ctx.report({ node, property: [...property], at: 'value', messageId: 'linkValue', data: { value } });
        }
      },
    };
  },
});
