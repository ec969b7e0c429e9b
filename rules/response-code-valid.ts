import { defineRule } from '../src/lint/rule.js';

export default defineRule({
  meta: {
    id: 'response-code-valid',
    reach: 'node',
    category: 'validity',
    formats: ['swagger2'],
    severity: 'error',
    description: 'Response codes are HTTP status codes (100–599) or `default`.',
    docs: `The Swagger 2.0 schema takes any three digits as a response code; HTTP defines 100 to 599 (RFC 9110
§15). A code outside that range never arrives, so what it documents is never used. (A code that is not
three digits, such as \`2XX\`, is a schema-valid finding: ranges are OpenAPI 3, not Swagger 2.0.)

Swagger 2.0 only: the OpenAPI 3.0 and 3.1 schemas take a response code only as \`[1-5]\` and two digits or
\`XX\`, which is always within 100–599, so on OpenAPI 3 every code this rule would report (\`888\`, \`2xx\`) is
already a [\`schema-valid\`](schema-valid.md) finding at the same key.

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      responses:
        '888': {description: Never sent}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      responses:
        '200': {description: OK}
        default: {description: An error}
\`\`\``,
  },
  create: (ctx) => ({
    Responses(responses, node) {
      for (const code of Object.keys(responses)) {
        if (!/^\d{3}$/.test(code)) continue;
        const status = Number(code);
        if (status >= 100 && status <= 599) continue;
        ctx.report({ node, property: code, message: `'${code}' is not an HTTP status code: codes run from 100 to 599; use the code the API sends, or default for any other.` });
      }
    },
  }),
});
