import { defineRule } from '../src/lint/rule.js';
import { methodOnPath } from './lib/method-on-path.js';
import { picksMember } from './lib/member-path.js';

export default defineRule({
  meta: {
    id: 'post-collection-only',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // recommended by measured precision (issue 38, bench/path-rules.mjs): its lower bound is under 0.9, so only in `all`
    severity: 'off',
    allSeverity: 'warn',
    description: 'POST adds a member to a collection: POST on a member path is reported.',
    messages: {
      member: "POST on the member path '{{path}}' adds to no collection: to add something that belongs to the member, POST to a sub-collection under it ({{path}}/<things>); to change the member, PUT or PATCH it; to create it at an identifier the client chooses, PUT it.",
    },
    docs: `POST adds a member to the collection at its path. A member path (\`/orders/{order_id}\`) is one
resource, not a collection: to add something that belongs to the member, POST to a sub-collection nested
under it (\`/orders/{order_id}/lines\`); to change the member, use PUT or PATCH.

A member path is one whose last parameter picks a member of the collection right before it, named as an
identifier (\`{order_id}\`, \`{name}\`, \`{sha}\`) or after that collection. Not member paths, so not reported:
an action's argument (\`/friends/add/{user_id}\`), a dimension or scope named as a noun of another kind
(\`/events/count-by/{countable}\`, \`/workflows/{namespace}\`), a custom method on the member
(\`/runs/{run_id}:archive\`, path-no-verbs' concern), and a parameter after a parameter (path-member-id's).

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
    methodOnPath(
      ctx,
      'post',
      'member',
      // which of the alternatives is meant depends on what the POST does, which the path does not say: name them all, rewrite nothing
      'member',
      (path) => ({ path }),
      picksMember,
    ),
});
