import { defineRule } from '../src/lint/rule.js';
import { PathIndex } from './lib/path-classifier.js';
import { findVerb } from './lib/verb-detector.js';
import { restfulForm } from './lib/restful-form.js';

export default defineRule<{ allow: string[] }>({
  meta: {
    id: 'path-no-verbs',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'No literal path segment names an action; the HTTP method carries it.',
    docs: `Paths name objects, never actions: \`/questions/show/{id}\` is not RESTful, \`GET /questions/{question_id}\`
is. Segments are split on camelCase, kebab-case, snake_case and dots, and WordNet says how much of a verb each
word is (only base forms count: participles and gerunds never do). How much is asked depends on what the path
says of the segment:

- the method part of a dotted RPC name is an action when its word is used as a verb at all (\`users.list\`,
  \`conversations.mark\`, \`chat.postMessage\`);
- a POST-only leaf is most often an action: a word leaning to a verb is one (\`/users/{id}/reinvite\`,
  \`/pulls/{index}/merge\`), more so below a member than below a literal, where nouns of action name what
  POST runs (\`/fields/query\`); a leaf also read or replaced names a thing unless it is a verb and nothing
  else (\`/reports/count\`, \`/appliances/{id}/standby\` pass);
- a verb-first compound (\`getOrders\`, \`setDeviceName\`, \`remove_from_office\`) and an object-verb one
  (\`accountCreate\`, \`mirror-sync\`, \`batchClose\`) are actions, unless a modifier makes the last word a
  noun (\`rollingUpgrade\`, \`individualInvite\`), the compound ends in a participle (\`stepFailed\`), or it is
  only read and its verb is none that an HTTP method stands for (\`retry_queue\`, \`follow_requests\`);
- siblings weigh: one that undoes the word (\`favourite\` beside \`unfavourite\`) or ends in a verb the same
  way (\`accountClone\` beside \`accountCreate\`) makes it an action; noun siblings under a plural parent make
  it one of a set of names (\`/primitives/float\`, \`/views/edit\`);
- a word before literals names a namespace (\`/_apis/build/definitions\`) unless the path without it is a
  path of the document too (\`/watch/namespaces/{namespace}/pods\` beside \`/namespaces/{namespace}/pods\`);
  a segment with a member path is a collection (\`/accounts/{id}/connect/{connectId}\`).

Words WordNet lacks take their base verb's evidence when prefixed (\`unpublish\`, \`reinvite\`). The \`allow\`
option lists words a team accepts (\`["login"]\`).

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
            const verb = findVerb(index, key, i, allowed);
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
