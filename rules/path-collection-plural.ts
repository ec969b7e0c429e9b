import pluralize from 'pluralize';
import { defineRule, type Node, type RuleContext } from '../src/lint/rule.js';
import { PathIndex, isPluralWord, postAddsMember } from './lib/path-classifier.js';
import { findVerb } from './lib/verb-detector.js';
import { verbEvidence } from './lib/verb-lexicon.js';
import { senses } from './lib/lexicon.js';
import { headOf } from './lib/compound.js';
import { splitWords, type Segment } from './lib/path-parser.js';
import { resolveChild } from './lib/resolve.js';
import { keysAnotherCollection, postsBodyNamedAfter } from './lib/member-evidence.js';

/** Nouns the conventions count as uncountable in API paths, beyond the pluralizer's own list. */
const uncountable = new Set(['data', 'metadata', 'health', 'info', 'status', 'search']);
const none = new Set<string>();

/** The words of a parameter's name: `groupName` → `group`, `name`. */
const paramWords = (param: Segment) => splitWords(param.params[0] ?? '').map((w) => w.text);

/** The parameter is named after the segment (`{orderId}` after `order`, `{username}` after `user`, `{connectId}` after `connect`). */
function namesSegment(param: Segment, segment: Segment): boolean {
  const words = paramWords(param);
  const name = (param.params[0] ?? '').toLowerCase().replace(/[^a-z]/g, '');
  const own = segment.words.map((w) => w.text).join('');
  return (words.length > 1 && words.slice(0, -1).join('') === own) || (name.startsWith(own) && /^(id|name|key|number|uuid)?$/.test(name.slice(own.length)));
}

/** `{api_version}`, `v{version}`: a version of the API, not a member. */
const isVersion = (param: Segment) => /version$/i.test(param.params[0] ?? '');

/**
 * A lookup key or a scope of another noun, not a member of this segment: `/name/{groupName}` looks a
 * group up by its name, `/email/{userEmail}` a user by email.
 */
function isLookupKey(param: Segment, head: string): boolean {
  const words = paramWords(param);
  return words.length > 1 && words[words.length - 1] === head && words[0] !== head;
}

/**
 * A scope of another noun: a parameter named after something else that another parameter follows
 * (`/maven/{groupId}/{artifactId}`): coordinates under a namespace, not members of the segment.
 */
function isScope(index: PathIndex, key: string, i: number, param: Segment, segment: Segment): boolean {
  const words = paramWords(param);
  if (words.length < 2 || namesSegment(param, segment)) return false;
  const next = index.segments(key)[i + 2];
  return index.segments(key)[i + 1]?.text === param.text && next?.kind === 'param';
}

/**
 * What the parameters that follow a segment's place say of it, by the segment and the place's shape:
 * whether one is named after it, and (by their text) those that may be its members, scopes aside. The
 * same for every path through that place: worked out once, since a document may hold thousands.
 */
const evidenceMemo = new WeakMap<PathIndex, Map<string, { named: boolean; members: Map<string, Segment> }>>();

function evidence(index: PathIndex, key: string, i: number, segment: Segment, head: string): { named: boolean; members: Map<string, Segment> } {
  let memo = evidenceMemo.get(index);
  if (!memo) evidenceMemo.set(index, (memo = new Map()));
  const id = `${index.prefixShapes(key)[i]}\0${segment.text}\0${head}`;
  let found = memo.get(id);
  if (!found) {
    const params = index.indexParamsAt(key, i).filter((p) => !isVersion(p));
    const members = new Map<string, Segment>();
    for (const p of params) if (!isLookupKey(p, head) && !keysAnotherCollection(index, p, head)) members.set(p.text, p);
    memo.set(id, (found = { named: params.some((p) => namesSegment(p, segment)), members }));
  }
  return found;
}

/**
 * Whether POST adds members to the path made of segments 0 to `i` of `key`: it takes POST, and a
 * member path is beside it (`hasMembers`) or its POST takes or returns what its GET lists.
 */
function postsMembers(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number, hasMembers: boolean, head: string): boolean {
  if (!index.methodsAt(key, i).has('post')) return false;
  if (hasMembers) return true;
  // Below a member a POST named after the segment acts on that member (`/pods/{name}/eviction`); elsewhere it adds one.
  if (index.segments(key)[i - 1]?.kind !== 'param' && postsBodyNamedAfter(ctx, paths, index.keysAt(key, i), head)) return true;
  return index.keysAt(key, i).some((k) => {
    const item = resolveChild(ctx, paths, k, 'PathItem');
    return item !== undefined && postAddsMember(item);
  });
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
      for (const key of Object.keys(paths)) {
        if (!key.startsWith('/')) continue;
        const segments = index.segments(key);
        segments.forEach((segment, i) => {
          const last = segment.words[segment.words.length - 1];
          if (segment.kind !== 'literal' || !last || !/^[a-z]+$/.test(last.text)) return;
          const head = headOf(last.text);
          if (isPluralWord(head) || pluralize.isPlural(last.text) || uncountable.has(head)) return; // uncountables are plural too
          if (findVerb(index, key, i, none)) return; // an action is no collection
          // What follows the segment in this path decides what it is here: a member identifier makes
          // a collection; as the leaf or before a literal it is one when POST adds members to it (its
          // own path has a member path beside it, or its POST takes what its GET lists).
          const next = segments[i + 1];
          const { named, members: candidates } = evidence(index, key, i, segment, head);
          // a scope is the parameter that follows the segment in this path and is followed by another: only `next` can be one
          const scope = next !== undefined && candidates.has(next.text) && isScope(index, key, i, candidates.get(next.text)!, segment);
          const memberCount = candidates.size - (scope ? 1 : 0);
          const memberNext = next !== undefined && next.kind !== 'literal' && candidates.has(next.text) && !scope;
          // Before a literal, a segment that another path indexes is that collection, unless its own path
          // is read as a thing of its own (`GET /user`, the caller, beside `/user/{username}`).
          const indexedElsewhere = next?.kind === 'literal' && memberCount > 0 && index.methodsAt(key, i).size === 0;
          const why = memberNext
            ? 'a parameter follows it'
            : postsMembers(ctx, node, index, key, i, memberCount > 0, head)
              ? 'POST adds its members'
              : indexedElsewhere
                ? 'a path indexes it'
                : undefined;
          if (!why) return;
          if (!named) {
            // Words WordNet has as no noun (participles such as `starred`, gerunds it lists as none) and
            // adjectives are no collection names; an -ing word it has as a noun is one (`following`, as the
            // labels' criteria say, `setting`).
            const s = senses(head);
            // A member id makes the word a noun here, whatever else WordNet says it is mostly: a word it has
            // as a verb only is then a collection name too (`/commit/{sha}`), and so is one mostly an
            // adjective (`/secret/{keyId}`, and the same segment where POST adds to it).
            const hasMembers = memberCount > 0;
            if (s.nounSenses === 0 && !(hasMembers && s.verbSenses > 0)) return;
            if (s.nounSenses > 0 && s.adjectiveSenses > s.nounSenses && s.adjective > s.noun && !hasMembers) return;
            const first = segment.words[0]!.text;
            if (first !== last.text && verbEvidence(first).leaning) return; // a verb phrase (`grant_office_access`) is no collection name
          }
          const fixed = key.slice(0, last.start) + pluralize.plural(last.raw) + key.slice(last.end);
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
