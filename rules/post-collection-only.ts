import { defineRule } from '../src/lint/rule.js';
import { methodOnPath } from './lib/method-on-path.js';

export default defineRule({
  meta: {
    id: 'post-collection-only',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'POST adds a member to a collection: POST on a member path is reported.',
    docs: `POST adds a member to the collection at its path. A member path (\`/orders/{order_id}\`) is one
resource, not a collection: to add something that belongs to the member, POST to a sub-collection nested
under it (\`/orders/{order_id}/lines\`); to change the member, use PUT or PATCH.

Fails:

\`\`\`yaml
paths:
  /orders/{order_id}:
    post: …
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    post: …
  /orders/{order_id}/lines:
    post: …
\`\`\``,
  },
  create: (ctx) =>
    methodOnPath(ctx, 'post', 'member', (key) =>
      `POST on the member path '${key}' adds to no collection; POST to a sub-collection under it (${key}/<things>), or change the member with PUT or PATCH ${key}.`),
});
