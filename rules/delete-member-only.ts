import { defineRule } from '../src/lint/rule.js';
import { methodOnPath } from './lib/method-on-path.js';
import { memberPath } from './lib/restful-form.js';

export default defineRule({
  meta: {
    id: 'delete-member-only',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // recommended by measured precision (issue 38, bench/path-rules.mjs): its lower bound reaches 0.95
    severity: 'error',
    description: 'DELETE addresses one member path, never a collection path.',
    messages: {
      collection: "DELETE on the collection path '{{path}}' would delete the whole collection; DELETE addresses one member: DELETE {{member}}.",
    },
    docs: `DELETE removes the one resource at its path. On a collection path (\`/orders\`: some path indexes it
with a parameter, or its GET returns an array) it would remove the whole collection, which an API rarely
means and an intermediary cannot tell apart from deleting one resource. Delete members one by one.

Fails:

\`\`\`yaml
paths:
  /orders:
    delete: …
  /orders/{order_id}: …
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}:
    delete: …
\`\`\``,
  },
  create: (ctx) =>
    methodOnPath(ctx, 'delete', 'collection', 'collection', (path, segments) => ({ path, member: memberPath(segments) })),
});
