import pluralize from 'pluralize';
import { defineRule } from '../src/lint/rule.js';
import { PathIndex, isPluralWord, returnsArray } from './lib/path-classifier.js';
import { findVerb } from './lib/verb-detector.js';
import { isMostlyNoun, senses } from './lib/lexicon.js';
import { resolveChild } from './lib/resolve.js';

/** Nouns the conventions count as uncountable in API paths, beyond the pluralizer's own list. */
const uncountable = new Set(['data', 'metadata', 'health', 'info', 'status', 'search']);
const none = new Set<string>();

export default defineRule({
  meta: {
    id: 'path-collection-plural',
    category: 'convention',
    severity: 'error',
    description: 'A collection segment is a plural noun: `/orders/{order_id}`, not `/order/{id}`.',
    docs: `A collection maps onto a list in code, so its name is a plural noun. A literal segment is a collection
when some path follows it with a parameter (\`/order/{id}\`) or when its GET returns an array. Taking POST
alone is no sign of one: RPC endpoints and singleton sub-resources take POST too (\`/oauth2/token\`,
\`/pods/{name}/eviction\`). Uncountable nouns (\`data\`, \`metadata\`, \`health\`, \`info\`, \`status\`, \`search\`, and those the
\`pluralize\` library knows) pass; so does a singleton sub-resource (\`/orders/{id}/status\` with GET and PUT
of an object), and so do words that are not English nouns (\`v1\`, \`oauth\`) and verbs (\`path-no-verbs\`
reports those).

Fails:

\`\`\`yaml
paths:
  /order/{id}: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}: {}
  /orders/{order_id}/status: {get: …, put: …}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      const index = PathIndex.of(paths);
      for (const key of Object.keys(paths)) {
        if (!key.startsWith('/')) continue;
        const segments = index.segments(key);
        const item = resolveChild(ctx, node, key, 'PathItem');
        segments.forEach((segment, i) => {
          const head = segment.words[segment.words.length - 1];
          if (segment.kind !== 'literal' || !head || !/^[a-z]+$/.test(head.text)) return;
          if (pluralize.isPlural(head.text) || uncountable.has(head.text)) return; // uncountables are plural too
          // Gerunds name activities, not lists (`/user/following`); adjectives and verbs are no collection
          // names, nor is a compound that starts with a verb (`grant_office_access`: path-no-verbs' concern).
          const first = segment.words[0]!.text;
          if (/ing$/.test(head.text) || !isMostlyNoun(head.text) || (senses(first).verbSenses > 0 && !isMostlyNoun(first))) return;
          if (findVerb(segments, i, none, index.isIndexed(key, i))) return;
          // After a collection a literal names one of its kinds or views (`/estimates/price`, `/timelines/home`).
          const before = segments[i - 1]?.words.at(-1);
          if (segments[i - 1]?.kind === 'literal' && before && isPluralWord(before.text)) return;
          const why = index.isIndexed(key, i)
            ? 'some path follows it with a parameter'
            : i === segments.length - 1 && item && returnsArray(ctx, item)
              ? 'its GET returns an array'
              : undefined;
          if (!why) return;
          const fixed = key.slice(0, head.start) + pluralize.plural(head.raw) + key.slice(head.end);
          const plural = fixed.slice(segment.start, fixed.length - (key.length - segment.end));
          ctx.report({
            node: ctx.child(node, key),
            columns: [segment.start, segment.end],
            message: `'${segment.text}' names a collection (${why}) but is singular; name it with the plural '${plural}': ${fixed}.`,
            suggestion: fixed,
          });
        });
      }
    },
  }),
});
