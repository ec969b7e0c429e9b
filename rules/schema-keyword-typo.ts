import { rangeOf } from '../src/lint/rule-helpers.js';
import { defineRule, type Node } from '../src/lint/rule.js';
import { openapiVersion } from '../src/formats/openapi3/version.js';
import { checkedDialects } from '../src/formats/openapi3/dialects.js';
import { clip } from '../src/text/quote.js';
import { meantKeyword } from './lib/schema-keywords.js';

/** Whether the schema or one it is nested in names another JSON Schema dialect (`$schema`), whose keywords differ. */
function otherDialect(node: Node | undefined): boolean {
  for (let at = node; at?.kind === 'Schema'; at = at.parent) {
    const named = (at.value as Record<string, unknown>)['$schema'];
    if (typeof named === 'string') return !checkedDialects.includes(named.replace(/#$/, ''));
  }
  return false;
}

export default defineRule({
  meta: {
    id: 'schema-keyword-typo',
    reach: 'node',
    category: 'convention',
    formats: ['openapi3'],
    severity: 'warn',
    description: 'A Schema Object key one slip away from a keyword (`min_items`, `maxitems`, `exclusiveMinimun`) names the keyword it meant.',
    messages: {
      typo: '`{{key}}` is no JSON Schema keyword, so OpenAPI {{version}} ignores it: did you mean `{{meant}}`?',
    },
    docs: `OpenAPI 3.1's Schema Object is JSON Schema 2020-12, which allows keywords it does not know and ignores
them: \`min_items: 1\` constrains nothing, and every validator and code generator passes it by. A key that is
no keyword, no extension (\`x-\`), but one edit away from a keyword (a letter added, dropped, changed or two
swapped) or the keyword in another case or with \`_\` or \`-\` (\`min_items\`, \`maxitems\`, \`read-only\`) is
almost always that keyword mistyped; the finding names it. A near miss whose value could not be the
keyword's (\`item: 3\`, where \`items\` takes a schema) is left alone, and so are keywords of other drafts
(\`id\`, \`definitions\`) and schemas whose \`$schema\` or \`jsonSchemaDialect\` names another dialect. Only the
Schema Object's own keys are read: property names (under \`properties\`), and values (\`example\`, \`enum\`,
\`default\`, \`const\`), are never keywords.

In Swagger 2.0 and OpenAPI 3.0 an unknown key in a schema makes the document invalid: schema-valid reports
it as an error, naming the keyword meant (\`did you mean \\\`minItems\\\`?\`), and this rule adds nothing.

Measured (2026-11-28): 4 findings on 131 public OpenAPI documents (readmeio/oas-examples,
openai/openai-openapi, Redocly/museum-openapi-example, OAI/OpenAPI-Specification's examples), all 4 true
typos (\`min_items\` and \`max_items\` in OpenAI's 3.1 document, in YAML and JSON), none false; 0 on the
corpus, which is Swagger 2.0. Those documents were read while the rule's exclusions were written, so the
figure is not a held-out one; hence a warning, not an error.

Fails (OpenAPI 3.1):

\`\`\`yaml
components:
  schemas:
    Tags:
      type: array
      min_items: 1
      maxitems: 10
      items: {type: string, maxLenght: 20}
\`\`\`

Passes:

\`\`\`yaml
components:
  schemas:
    Tags:
      type: array
      minItems: 1
      maxItems: 10
      items: {type: string, maxLength: 20}
\`\`\``,
  },
  create: (ctx) => {
    // Swagger 2.0 and OpenAPI 3.0: the official schemas forbid unknown keys, schema-valid's finding
    const version = ctx.format.id === 'openapi3' ? openapiVersion(ctx.document.root.value) : undefined;
    if (!version?.ok || version.version === '3.0') return {};
    const dialect = ctx.document.root.value;
    const declared = typeof dialect === 'object' && dialect !== null ? (dialect as Record<string, unknown>)['jsonSchemaDialect'] : undefined;
    if (typeof declared === 'string' && !checkedDialects.includes(declared)) return {};
    return {
      Schema(schema, node) {
        if (otherDialect(node)) return;
        for (const [key, value] of Object.entries(schema)) {
          const meant = meantKeyword(key, value);
          if (meant === undefined) continue;
          ctx.report({
            node,
            property: key,
            suggestion: meant,
            // the key's own text is replaced; in JSON it keeps its quotes (the bare suggestion there would not parse)
            fix: { title: `Write ${meant}`, edits: [{ range: rangeOf(node.source, [...node.pointer, key], 'key'), newText: node.source.format === 'json' ? JSON.stringify(meant) : meant }] },
            messageId: 'typo',
            data: { key: clip(key), version: version.version, meant },
          });
        }
      },
    };
  },
});
