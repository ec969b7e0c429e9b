import * as plurals from './lib/plurals.js';
import { defineRule } from '../src/lint/rule.js';
import { PathIndex, isPluralWord } from './lib/path-classifier.js';
import { isNoun } from './lib/lexicon.js';
import { parsePath } from './lib/path-parser.js';
import { findVerb } from './lib/verb-detector.js';
import { nestedShapes, notOneMembersSubcollection } from './lib/subcollection-evidence.js';

const none = new Set<string>();

export default defineRule({
  meta: {
    id: 'path-subcollection-nesting',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // recommended by measured precision (issue 38, bench/path-rules.mjs): its lower bound is under 0.9, so only in `all`
    severity: 'off',
    allSeverity: 'warn',
    description: 'A sub-collection is nested under one member: `/orders/{order_id}/lines`, not `/orders/lines`.',
    messages: {
      flat: "'{{segment}}' is a collection right under the collection '{{parent}}', not under one of its members; if each belongs to one member of '{{parent}}', nest it under that member's identifier ({{nested}}), and keep a listing across all of them beside that nested path.",
    },
    docs: `A sub-collection belongs to one member of its parent collection, so it sits below that member's
identifier. A plural noun right after a collection that has members (some path indexes it with a parameter, or POST
adds to it) is reported (a verb phrase such as \`/accounts/verify_credentials\` is \`path-no-verbs\`' concern),
unless the document shows it is something else that a flat path names rightly:

- a listing across all members, beside the nested form (\`/orders/lines\` beside \`/orders/{order_id}/lines\`,
  or \`…/{order_id}/line\`);
- a collection in its own right, grouped under the parent: its members are addressed without any parent member
  (\`/videos/characters/{character_id}\`, \`/users/invites/{invite_id}\`), as kinds, templates and invitations are;
- one object read back with GET (\`/proxies/settings\`, a summary of the whole collection);
- a POST-only call that adds nothing of its kind (\`/responses/input_tokens\` counting, a listing RPC).

The message names the nested path as where a sub-collection of one member goes, and offers no rewrite: a flat
path that lists across members would change its meaning if nested under one of them.

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
  /orders/types/{type_id}: {}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      const index = PathIndex.of(node, ctx);
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
          // a listing across members, beside the nested form (either number: `…/{id}/usageHistory`)
          if (nestedShapes(segments, i, parsePath).some((shape) => prefixes.has(shape))) return;
          if (notOneMembersSubcollection(ctx, node, index, key, i, head.text)) return;
          const parentName = parent!.text;
          ctx.report({
            node: ctx.child(node, key),
            columns: [segment.start, segment.end],
            messageId: 'flat',
            data: { segment: segment.text, parent: parentName, nested },
          });
        });
      }
    },
  }),
});
