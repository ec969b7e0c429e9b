import { defineRule } from '../src/lint/rule.js';
import { openapi3Visitors, setupOpenApi3 } from './lib/openapi3.js';
import { serversValid } from '../src/formats/openapi3/checks/servers.js';

export default defineRule({
  meta: {
    id: 'servers-valid',
    category: serversValid.category,
    formats: ['openapi3'],
    severity: serversValid.severity,
    description: serversValid.description,
    docs: `A server's URL may hold \`{variables}\`, each defined under \`variables\` with a \`default\`; with the defaults put
in, the URL must be a URL (relative ones are allowed). A variable's \`enum\` lists its allowed values: it must not
be empty and must hold the \`default\`. OpenAPI 3.1 says MUST for both; 3.0 says SHOULD, so there the two are
warnings.

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
servers:
  - url: https://{region}.example.com/{base}
    variables:
      region: {default: eu, enum: [us, ap]}
paths: {}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
servers:
  - url: https://{region}.example.com
    variables:
      region: {default: eu, enum: [eu, us]}
paths: {}
\`\`\``,
  },
  setup: setupOpenApi3,
  create: (ctx) => openapi3Visitors(ctx, serversValid),
});
