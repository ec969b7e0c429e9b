import * as plurals from './lib/plurals.js';
import { defineRule } from '../src/lint/rule.js';
import { PathIndex, isPluralWord } from './lib/path-classifier.js';
import { isNoun } from './lib/lexicon.js';
import { pathShape } from './lib/path-parser.js';
import { findVerb } from './lib/verb-detector.js';

const none = new Set<string>();

export default defineRule({
  meta: {
    id: 'path-subcollection-nesting',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'A sub-collection is nested under one member: `/orders/{order_id}/lines`, not `/orders/lines`.',
    docs: `A sub-collection belongs to one member of its parent collection, so it sits below that member's
identifier. A plural noun right after a collection that has members (some path indexes it with a parameter, or POST
adds to it) is reported (a verb phrase such as \`/accounts/verify_credentials\` is \`path-no-verbs\`' concern). When the nested form exists too (\`/orders/{order_id}/lines\` beside \`/orders/lines\`), the flat
path is a deliberate listing across all members and passes.

Fails:

\`\`\`yaml
paths:
  /orders/{order_id}: {}
  /orders/lines: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}: {}
  /orders/{order_id}/lines: {}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      const index = PathIndex.of(paths, ctx);
      // Every prefix of every path, parameters unnamed: `/orders/{}/lines` for `/orders/{id}/lines/{line_id}`.
      const prefixes = new Set(Object.keys(paths).flatMap((k) => index.prefixShapes(k)));
      for (const key of Object.keys(paths)) {
        if (!key.startsWith('/')) continue;
        const segments = index.segments(key);
        segments.forEach((segment, i) => {
          const parent = segments[i - 1];
          const head = segment.words[segment.words.length - 1];
          if (i === 0 || segment.kind !== 'literal' || parent!.kind !== 'literal' || !head) return;
          // Both plural nouns: a singleton parent (`/user/keys`, the caller's own) has no members to nest under.
          const parentNoun = parent!.words[parent!.words.length - 1];
          // The parent is a collection: some path indexes it, or POST adds to it (`/orders` taking POST).
          const collection = index.isIndexed(key, i - 1) || index.methodsAt(key, i - 1).has('post');
          if (!collection || !parentNoun || !isPluralWord(parentNoun.text)) return;
          if (!isPluralWord(head.text) || !isNoun(plurals.singular(head.text)) || findVerb(index, key, i, none)) return;
          const id = `{${plurals.singular(parentNoun.text)}_id}`;
          const nested = segments.slice(0, i).map((s) => '/' + s.text).join('') + `/${id}/` + segments.slice(i).map((s) => s.text).join('/');
          if (prefixes.has(pathShape(index.segments(nested).slice(0, i + 2)))) return; // a listing across members, beside the nested form
          ctx.report({
            node: ctx.child(node, key),
            columns: [segment.start, segment.end],
            message: `'${segment.text}' is a collection right under the collection '${parent!.text}', not under one of its members; nest it: ${nested}.`,
            suggestion: nested,
          });
        });
      }
    },
  }),
});
