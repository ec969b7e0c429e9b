import { defineRule } from '../src/lint/rule.js';
import { placeholders } from './lib/template.js';

/** The first stray brace of a key: `{` without its `}`, `}` without its `{`, or a `{` inside a placeholder. */
function strayBrace(key: string): number {
  let open = -1;
  for (let i = 0; i < key.length; i++) {
    const c = key[i];
    if (c === '{') {
      if (open !== -1) return open;
      open = i;
    } else if (c === '}') {
      if (open === -1) return i;
      open = -1;
    }
  }
  return open;
}

export default defineRule({
  meta: {
    id: 'path-template-valid',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'A path starts with `/`, its braces pair up, and each `{param}` has a name used once.',
    messages: {
      noSlash: "Path '{{path}}' does not start with '/'; write '/{{path}}'.",
      unpaired: "Path '{{path}}' has an unpaired '{{brace}}' at column {{column}}; a parameter is written {name}, braces in pairs.",
      emptyName: "Path '{{path}}' has an empty parameter '{}'; name it after its path parameter, as in {order_id}.",
      twice: "Path '{{path}}' uses '{{{name}}}' twice; each path parameter has its own name: rename one ({{{name}}_2}, or better, what it identifies).",
    },
    docs: `A path key is a template: literal text and \`{name}\` placeholders, each naming a path parameter. An empty
placeholder (\`/pets/{}\`), a stray brace (\`/pets/{id\`) or a name used twice (\`/a/{id}/b/{id}\`) cannot be
matched to parameters, and a key that does not start with \`/\` is no path (Swagger 2.0: "The field name MUST
begin with a slash"; OpenAPI 3: "MUST begin with a forward slash"). Keys starting with \`x-\` are extensions.

Fails:

\`\`\`yaml
paths:
  /pets/{}: {}
  /pets/{pet_id/toys: {}
  pets: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /pets/{pet_id}: {}
  /pets/{pet_id}/toys: {}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      for (const key of Object.keys(paths)) {
        if (key.startsWith('x-')) continue; // an extension, not a path
        const at = ctx.child(node, key);
        if (!key.startsWith('/')) {
          ctx.report({ node: at, messageId: 'noSlash', data: { path: key } });
          continue;
        }
        const stray = strayBrace(key);
        if (stray !== -1) {
          ctx.report({ node: at, columns: [stray, stray + 1], messageId: 'unpaired', data: { path: key, brace: key[stray]!, column: stray + 1 } });
          continue;
        }
        const seen = new Set<string>();
        for (const p of placeholders(key)) {
          if (p.name.trim() === '') {
            ctx.report({ node: at, columns: [p.start, p.end], messageId: 'emptyName', data: { path: key } });
          } else if (seen.has(p.name)) {
            ctx.report({ node: at, columns: [p.start, p.end], messageId: 'twice', data: { path: key, name: p.name } });
          }
          seen.add(p.name);
        }
      }
    },
  }),
});
