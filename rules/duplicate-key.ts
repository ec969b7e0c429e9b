import { defineRule } from '../src/lint/rule.js';
import { offsetRange } from '../src/lint/rule-helpers.js';

export default defineRule({
  meta: {
    id: 'duplicate-key',
    category: 'validity',
    formats: 'all',
    severity: 'error',
    description: 'No mapping has the same key twice.',
    docs: `Parsers keep only the last of two equal keys, silently dropping the first: a duplicated path or
property hides part of the API. Each later occurrence is reported at its key.

Fails:

\`\`\`yaml
paths:
  /orders: {}
  /orders: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders: {}
  /orders/{id}: {}
\`\`\``,
  },
  create: (ctx) => ({
    'Document:done'() {
      for (const source of ctx.document.sources.values()) {
        for (const dup of source.duplicates) {
          const root = ctx.nodeAt(source, dup.pointer, { kind: 'Document', key: dup.name });
          ctx.report({ node: root, range: offsetRange(source, dup.keyStart, dup.keyEnd), message: `The key '${dup.name}' appears more than once in this mapping; the earlier value is lost. Keep one.` });
        }
      }
    },
  }),
});
