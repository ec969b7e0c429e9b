import { defineRule } from '../src/lint/rule.js';
import { PathIndex, isPluralWord } from './lib/path-classifier.js';
import { findVerb } from './lib/verb-detector.js';
import { pathKeyNode, resolveChild } from './lib/resolve.js';

const none = new Set<string>();

export default defineRule({
  meta: {
    id: 'create-response-schema',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'warn',
    description: 'POST to a collection documents a 200 or 201 response with a schema: the created document.',
    docs: `POST to a collection creates a member; its client needs the created document back (with its
identifier), so the operation documents a 200 or 201 response with a schema. A collection path is one that
some path indexes with a parameter, whose GET returns an array, or whose last segment is a plural noun; an
action path (\`/orders/{id}/cancel\`) is \`path-no-verbs\`' concern. A POST that answers 202 Accepted creates
later and is not checked.

Fails:

\`\`\`yaml
paths:
  /orders:
    post:
      responses:
        '201': {description: Created}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    post:
      responses:
        '201': {description: Created, schema: {$ref: '#/definitions/Order'}}
definitions:
  Order: {type: object, properties: {id: {type: string}}}
\`\`\``,
  },
  create: (ctx) => {
    let index: PathIndex | undefined;
    return {
      Paths(paths) {
        index = PathIndex.of(paths);
      },
      PathItem(item, node) {
        const key = pathKeyNode(node).key;
        if (item['post'] === undefined || !index) return;
        const segments = index.segments(key);
        const last = segments[segments.length - 1];
        const head = last?.words[last.words.length - 1];
        if (!last || last.kind !== 'literal' || findVerb(index, key, segments.length - 1, none)) return;
        if (index.kind(ctx, key, node) !== 'collection' && !(head && isPluralWord(head.text))) return;
        const responses = resolveChild(ctx, node, ['post', 'responses'])?.value ?? {};
        if (responses['202'] !== undefined) return; // accepted for later: no document yet
        // a schema whose $ref does not resolve is still a schema: ref-resolves reports the reference
        const documented = ['200', '201'].some((code) => resolveChild(ctx, node, ['post', 'responses', code])?.value['schema'] !== undefined);
        if (documented) return;
        ctx.report({
          node: ctx.child(node, 'post'),
          message: `POST ${key} adds a member to the collection but documents no 200 or 201 response with a schema; document the created document: '201': {description: Created, schema: …}.`,
        });
      },
    };
  },
});
