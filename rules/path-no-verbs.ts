import { defineRule } from '../src/lint/rule.js';
import { PathIndex } from './lib/path-classifier.js';
import { methodPart } from './lib/verb-detector.js';
import { verbEvidence } from './lib/verb-lexicon.js';
import { restfulForm } from './lib/restful-form.js';
import { verbFeatures } from './lib/segment-features.js';
import { judge, shippedModels } from './lib/segment-model.js';
import type { Segment, Word } from './lib/path-parser.js';

/**
 * The word of the segment that names the action, for the message and the RESTful form: the first word
 * of a compound when it leans to a verb (`getOrders`, `setDeviceName`), else the last (`accountCreate`).
 */
function actionWord(segment: Segment): Word | undefined {
  const { words } = methodPart(segment);
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return undefined;
  if (words.length > 1 && verbEvidence(first.text).leaning) return first;
  if (verbEvidence(last.text).verbSenses > 0) return last;
  return words.find((w) => verbEvidence(w.text).verbSenses > 0) ?? last;
}

export default defineRule<{ allow: string[] }>({
  meta: {
    id: 'path-no-verbs',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'warn',
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
    const model = shippedModels['path-no-verbs'];
    return {
      Paths(paths, node) {
        const index = PathIndex.of(paths);
        for (const key of Object.keys(paths)) {
          if (!key.startsWith('/')) continue;
          const segments = index.segments(key);
          segments.forEach((segment, i) => {
            const features = verbFeatures(index, key, i);
            if (!features) return;
            const verb = actionWord(segment);
            if (!verb || methodPart(segment).words.some((w) => allowed.has(w.text))) return;
            const judgement = judge(model, features);
            if (!judgement) return;
            const form = restfulForm(segments, i, verb);
            const instead = form.method
              ? `write ${form.method} ${form.path}`
              : `model '${verb.text}' as a change of state (PATCH ${form.path}) or as a noun sub-resource that you POST to`;
            ctx.report({
              node: ctx.child(node, key),
              columns: [segment.start, segment.end],
              message: `'${verb.text}' in '${key}' names an action (${judgement.evidence.join('; ')}): a path names things and the HTTP method carries the action; ${instead}.`,
              suggestion: form.method ? `${form.method} ${form.path}` : `PATCH ${form.path}`,
            });
          });
        }
      },
    };
  },
});
