import { defineRule, type Node } from '../src/lint/rule.js';
import { quote } from '../src/text/quote.js';
import { lineOf } from './lib/where.js';

export default defineRule({
  meta: {
    id: 'tag-name-unique',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Each tag in the top-level `tags` list has its own name.',
    messages: {
      duplicate: 'Tag name {{name}} is already used at {{first}}; each tag name in the list MUST be unique: merge the two tags into one.',
    },
    docs: `Swagger 2.0 and every OpenAPI 3 version: "Each tag name in the list MUST be unique". A tag is an
operation's group in generated documentation and clients; two tags of one name give the group two
descriptions (or two \`externalDocs\`) and a tool keeps one of them, which one it chooses. Each repeat is
reported at its \`name\` value, naming the line of the first; merge the two into one tag.

Two identical tag objects also break the official schemas' \`uniqueItems\` (Swagger 2.0, OpenAPI 3.0):
that is this finding, not a second one from schema-valid.

Fails:

\`\`\`yaml
tags:
  - name: orders
    description: Orders placed by customers.
  - name: orders
    description: Everything about orders.
\`\`\`

Passes:

\`\`\`yaml
tags:
  - name: orders
    description: Orders placed by customers; everything about them.
  - name: customers
\`\`\``,
  },
  create: (ctx) => {
    const first = new Map<string, Node>(); // name → its first `name` value
    return {
      Tag(tag, node) {
        const name = tag['name'];
        // a tag without a string name is schema-valid's (`name` is required, a string)
        if (typeof name !== 'string') return;
        const at = ctx.child(node, 'name');
        const seen = first.get(name);
        if (!seen) {
          first.set(name, at);
          return;
        }
        ctx.report({ node: at, at: 'value', messageId: 'duplicate', data: { name: quote(name), first: lineOf(seen, at, 'value') } });
      },
    };
  },
});
