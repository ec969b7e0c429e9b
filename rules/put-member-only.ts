import { defineRule } from '../src/lint/rule.js';
import { methodOnPath } from './lib/method-on-path.js';
import { memberPath } from './lib/restful-form.js';

export default defineRule({
  meta: {
    id: 'put-member-only',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // recommended by measured precision (issue 38, bench/path-rules.mjs): its lower bound is under 0.9, so only in `all`
    severity: 'off',
    allSeverity: 'warn',
    description: 'PUT replaces one member: PUT on a collection path is reported.',
    messages: {
      collection: "PUT on the collection path '{{path}}' would replace the whole collection; PUT replaces one member: PUT {{member}} (add members with POST {{path}}).",
    },
    docs: `PUT replaces the resource at its path with the document sent. On a collection path (\`/orders\`: some
path indexes it with a parameter, or its GET returns an array) it would replace the whole collection. Replace
one member with PUT on its member path; add members with POST on the collection.

Fails:

\`\`\`yaml
paths:
  /orders:
    put: …
  /orders/{order_id}: …
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}:
    put: …
\`\`\``,
  },
  create: (ctx) =>
    methodOnPath(ctx, 'put', 'collection', 'collection', (path, segments) => ({ path, member: memberPath(segments) })),
});
