import { defineRule } from '../src/lint/rule.js';
import { rangeOf } from '../src/lint/rule-helpers.js';
import { misspeltVersionKey } from '../src/formats/swagger2/detect.js';

export default defineRule({
  meta: {
    id: 'swagger-version',
    category: 'validity',
    formats: ['swagger2'],
    severity: 'error',
    description: 'The top-level `swagger` field is the string "2.0".',
    docs: `Swagger 2.0 documents declare their version in the top-level \`swagger\` field, as the **string** \`"2.0"\`.
In YAML an unquoted \`2.0\` is a number, which the specification does not allow: quote it.
An OpenAPI 3 document is checked as OpenAPI 3 (\`openapi-version\` and the rules that cover it); a library caller that lints with Swagger 2.0 as the only format gets this one finding for it instead of a page of schema errors.

A file without \`swagger\` that has Swagger's shape (\`paths\` with \`info\`, \`host\`, \`basePath\`, \`definitions\` or
\`securityDefinitions\` beside it, or a misspelt \`swager:\`) is a Swagger document missing a required field:
it is linted and this rule reports the missing field, where other YAML and JSON files are skipped as not
API descriptions (so a pre-commit hook does not wave it through).

Fails:

\`\`\`yaml
swagger: 2.0
\`\`\`

Passes:

\`\`\`yaml
swagger: '2.0'
\`\`\``,
  },
  create: (ctx) => ({
    Document(doc, node) {
      const version = doc['swagger'];
      if (version === '2.0') return;
      if (version === undefined) {
        const openapi = doc['openapi'];
        if (openapi !== undefined) {
          ctx.report({
            node,
            property: 'openapi',
            message: `This is an OpenAPI ${JSON.stringify(openapi)} document; swaglint checks Swagger 2.0 documents only (a top-level swagger: "2.0").`,
          });
        } else {
          // linted at all because it has Swagger's shape (src/formats/swagger2/detect.ts): say what is missing
          const misspelt = misspeltVersionKey(doc);
          if (misspelt !== undefined) {
            ctx.report({ node: ctx.child(node, misspelt), message: `\`${misspelt}\` is not \`swagger\`: the document has no top-level \`swagger\` field, which Swagger 2.0 requires; write swagger: "2.0".`, suggestion: 'swagger' });
          } else {
            ctx.report({ node, message: 'The document has no top-level `swagger` field, which Swagger 2.0 requires; start it with swagger: "2.0".' });
          }
        }
        return;
      }
      if (typeof version === 'number') {
        const swagger = ctx.child(node, 'swagger');
        // the number's own text is replaced, so a comment after it on the line survives the fix
        const quoted = swagger.source.format === 'json' ? '"2.0"' : "'2.0'";
        ctx.report({
          node: swagger,
          message: `\`swagger: ${String(version === 2 ? '2.0' : version)}\` is read as the number ${version}, not the string "2.0"; quote it: swagger: "2.0".`,
          suggestion: 'swagger: "2.0"',
          fix: { title: `Write swagger: ${quoted}`, edits: [{ range: rangeOf(swagger.source, swagger.pointer, 'value'), newText: quoted }] },
        });
        return;
      }
      ctx.report({
        node: ctx.child(node, 'swagger'),
        at: 'value',
        message: `The swagger version is ${JSON.stringify(version)}; swaglint checks Swagger 2.0 documents, whose version is the string "2.0".`,
      });
    },
  }),
});
