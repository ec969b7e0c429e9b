import pluralize from 'pluralize';
import { defineRule } from '../src/lint/rule.js';
import { PathIndex } from './lib/path-classifier.js';
import { isNoun } from './lib/lexicon.js';
import type { Segment } from './lib/path-parser.js';
import { pluralFeatures, pluralHead, prepositions } from './lib/segment-features.js';
import { judge, shippedModels } from './lib/segment-model.js';

/**
 * The path with the segment's head pluralised, when that is a word: the head (the last word, or the
 * last part of a closed compound) is a countable noun WordNet knows, and the segment is no phrase
 * around a preposition (`wakeOnLan`: its last word is no head). Otherwise undefined: the message
 * asks for a plural noun without making one up (`mostViewed`, `mostviewed`).
 */
function pluralPath(key: string, segment: Segment): string | undefined {
  const found = pluralHead(segment);
  if (!found) return undefined;
  const { last, head } = found;
  const plural = pluralize.plural(head);
  if (plural === head || !isNoun(head) || segment.words.some((w) => prepositions.has(w.text))) return undefined;
  if (head !== last.text && !isNoun(last.text.slice(0, last.text.length - head.length).replace(/s$/, ''))) return undefined;
  const raw = last.raw.slice(0, last.raw.length - head.length) + pluralize.plural(last.raw.slice(last.raw.length - head.length));
  return key.slice(0, last.start) + raw + key.slice(last.end);
}

export default defineRule({
  meta: {
    id: 'path-collection-plural',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'warn',
    description: 'A collection segment is a plural noun: `/orders/{order_id}`, not `/order/{id}`.',
    docs: `A collection maps onto a list in code, so its name is a plural noun. A literal segment is a collection
when some path follows it with a parameter that picks one of its members (\`/order/{id}\`); when another path
indexes it and its own path is not read as a thing of its own (\`/store/order/history\` beside
\`/store/order/{id}\`; \`GET /user\`, the caller, beside \`/user/{username}\` is not); or when POST adds members to
it: a member path is beside it, the POST takes or returns what its GET lists, or the POST's body is named after
the segment (\`POST /pet\` with a \`Pet\` body) and it answers with nothing or that same thing, on a path that is
neither below a member (\`/pods/{name}/eviction\`) nor read as one object. A GET that returns an array makes no
collection: lists, histories and views read with GET only are not reported. Nor is a segment whose parameter
is a lookup key of another noun (\`/name/{groupName}\`), a scope (\`/maven/{groupId}/{artifactId}\`), the member
id of another collection of the document (\`/time/{user}\` beside \`/users/{user}\`), or a sub-path
(\`/proxy/{path}\`). Taking POST alone is no sign of a collection either: RPC endpoints and singleton
sub-resources take POST too (\`/oauth2/token\`). Uncountable nouns (\`data\`, \`metadata\`, \`health\`, \`info\`,
\`status\`, \`search\`, and those the \`pluralize\` library knows) pass; so do words that are no English noun
(\`v1\`, \`oauth\`, participles such as \`starred\`) and verbs (\`path-no-verbs\` reports those), unless the
parameter is named after the segment (\`/connect/{connectId}\`) or a member path makes the word a noun
(\`/commit/{sha}\`, \`/secret/{keyId}\`). An -ing word that is a noun is a collection name
(\`/user/following/{username}\`). A closed compound counts by its head noun (\`permissionsreport/{id}\` →
\`report\`).

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
      const model = shippedModels['path-collection-plural'];
      for (const key of Object.keys(paths)) {
        if (!key.startsWith('/')) continue;
        index.segments(key).forEach((segment, i) => {
          const features = pluralFeatures(ctx, node, index, key, i);
          const judgement = features && judge(model, features);
          if (!judgement) return;
          const fixed = pluralPath(key, segment);
          const instead = fixed === undefined ? 'name the collection with a plural noun' : `name it with the plural '${fixed.slice(segment.start, fixed.length - (key.length - segment.end))}': ${fixed}`;
          ctx.report({
            node: ctx.child(node, key),
            columns: [segment.start, segment.end],
            message: `'${segment.text}' names a collection (${judgement.evidence.join('; ')}) but is singular; ${instead}.`,
            ...(fixed === undefined ? {} : { suggestion: fixed }),
          });
        });
      }
    },
  }),
});
