import { defineRule } from '../src/lint/rule.js';
import { PathIndex } from './lib/path-classifier.js';
import { findVerb } from './lib/verb-detector.js';
import { restfulForm } from './lib/restful-form.js';

export default defineRule<{ allow: string[] }>({
  meta: {
    id: 'path-no-verbs',
    category: 'convention',
    severity: 'error',
    description: 'No literal path segment names an action; the HTTP method carries it.',
    docs: `Paths name objects, never actions: \`/questions/show/{id}\` is not RESTful, \`GET /questions/{question_id}\`
is. Segments are split on camelCase, kebab-case, snake_case and dots, and WordNet decides which words are
verbs: a word counts only when it is mostly used as a verb (\`show\`, \`get\`, \`create\`, \`cancel\`), and only
in its base form, where a path would use an imperative. Nouns that are also verbs (\`/orders\`, \`/records\`,
\`/updates\`, \`/searches\`, \`/status\`, \`/builds\`) pass, and so does a word that qualifies the next segment
(\`/_apis/build/definitions\`). The \`allow\` option lists words a team accepts (\`["login"]\`).

Fails:

\`\`\`yaml
paths:
  /questions/show/{id}: {}
  /getOrders: {}
  /orders/{id}/cancel: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /questions/{question_id}: {}
  /orders: {}
  /orders/{order_id}/status: {}
\`\`\``,
    options: {
      type: 'object',
      properties: { allow: { type: 'array', items: { type: 'string' }, description: 'Words never reported as verbs.' } },
      additionalProperties: false,
    },
    defaults: { allow: [] },
  },
  create(ctx, { allow }) {
    const allowed = new Set(allow.map((w) => w.toLowerCase()));
    return {
      Paths(paths, node) {
        const index = PathIndex.of(paths);
        for (const key of Object.keys(paths)) {
          if (!key.startsWith('/')) continue;
          const segments = index.segments(key);
          segments.forEach((segment, i) => {
            const verb = findVerb(segments, i, allowed, index.isIndexed(key, i));
            if (!verb) return;
            const form = restfulForm(segments, i, verb);
            const instead = form.method
              ? `write ${form.method} ${form.path}`
              : `model '${verb.text}' as a change of state (PATCH ${form.path}) or as a noun sub-resource that you POST to`;
            ctx.report({
              node: ctx.child(node, key),
              columns: [segment.start, segment.end],
              message: `'${verb.text}' in '${key}' is a verb: a path names things and the HTTP method carries the action; ${instead}.`,
              suggestion: form.method ? `${form.method} ${form.path}` : `PATCH ${form.path}`,
            });
          });
        }
      },
    };
  },
});
