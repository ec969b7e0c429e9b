import { defineRule } from '../src/lint/rule.js';
import { openApi32Fields, openapiVersion } from '../src/formats/openapi3/version.js';
import { isObject } from './lib/resolve.js';
import { quote } from '../src/text/quote.js';

/**
 * OpenAPI 3.2's tag `parent` nests a tag under another: "The named tag MUST exist in the API description,
 * and circular references between parent and child tags MUST NOT be used." The schema only asks for a
 * string, so neither is its finding.
 */
export default defineRule({
  meta: {
    id: 'tag-parent',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'OpenAPI 3.2: a tag\'s `parent` names a tag of the document, and parents form no cycle.',
    docs: `OpenAPI 3.2 lets tags nest: a tag's \`parent\` is the name of the tag it sits under, so that a reader
can show them as a tree. The specification says the named tag "MUST exist in the API description, and
circular references between parent and child tags MUST NOT be used"; the schema only asks for a string.
This rule reports a \`parent\` that names no tag of the top-level \`tags\` list, and each \`parent\` of a cycle
(a tag that is its own parent, or two that name each other), at its value. A \`parent\` in a 3.0 or 3.1
document is \`schema-valid\`'s (those versions have no such field).

Fails:

\`\`\`yaml
openapi: 3.2.0
info: {title: Orders, version: '1.0'}
paths: {}
tags:
  - {name: orders}
  - {name: lines, parent: order}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.2.0
info: {title: Orders, version: '1.0'}
paths: {}
tags:
  - {name: orders}
  - {name: lines, parent: orders}
\`\`\``,
  },
  create: (ctx) => ({
    Document(doc, node) {
      if (node.source !== ctx.document.root) return;
      const version = openapiVersion(doc);
      if (!version.ok || !openApi32Fields(version.version) || !Array.isArray(doc['tags'])) return;
      const tags = doc['tags'];
      const parentOf = new Map<string, string>();
      for (const tag of tags) {
        if (isObject(tag) && typeof tag['name'] === 'string' && typeof tag['parent'] === 'string' && !parentOf.has(tag['name'])) parentOf.set(tag['name'], tag['parent']);
      }
      const names = new Set(tags.flatMap((tag) => (isObject(tag) && typeof tag['name'] === 'string' ? [tag['name']] : [])));
      tags.forEach((tag, i) => {
        if (!isObject(tag) || typeof tag['parent'] !== 'string') return;
        const name = typeof tag['name'] === 'string' ? tag['name'] : undefined;
        const parent = tag['parent'];
        const at = { node, property: ['tags', String(i), 'parent'], at: 'value' as const };
        if (!names.has(parent)) {
          ctx.report({ ...at, message: `The parent ${quote(parent, 60)} of tag ${quote(name ?? String(i), 60)} is not a tag of the document; name one of \`tags\` (or add a tag ${quote(parent, 60)}).` });
          return;
        }
        if (name === undefined) return;
        // follow the parents from this tag: a cycle through it comes back to it
        const path = [name];
        for (let up = parent; ; up = parentOf.get(up)!) {
          if (up === name) {
            ctx.report({ ...at, message: `Tags ${[...path, name].map((n) => quote(n, 40)).join(' → ')} form a cycle of parents; a tag cannot sit under itself: remove one \`parent\`.` });
            return;
          }
          if (path.includes(up) || !parentOf.has(up)) return; // a root, or a cycle that does not pass through this tag
          path.push(up);
        }
      });
    },
  }),
});
