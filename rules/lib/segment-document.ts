// What the whole document says of its own path segments, for the path-convention models
// (segment-features.ts): its style (RPC or resource), which names it indexes with a member parameter,
// which places have member paths, and which paths' GETs read a list. Worked out once
// per `paths` object, since every segment of every path asks.
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { holdsId, type PathIndex } from './path-classifier.js';
import type { Segment } from './path-parser.js';
import { methodPart } from './verb-detector.js';
import { verbEvidence } from './verb-lexicon.js';
import { isObject, resolveChild } from './resolve.js';
import { resolvedRequestSchema, responseSchema, schemaKeys } from './body-schemas.js';

/** What the whole document looks like: an RPC style (POST-only leaves that are verbs) or a resource one. */
export interface DocumentStyle {
  postOnlyShare: number;
  verbLeafShare: number;
}

interface DocumentFacts extends DocumentStyle {
  /** Literal segments (lower case) some path follows with a member parameter (`{id}`, not `{api-version}`). */
  indexedNames: Set<string>;
  /** Shapes of literal prefixes the document continues with a member path (`/sg/{}`), and those paths. */
  memberPaths: Map<string, string[]>;
  /**
   * Shapes of literal prefixes whose member has paths of its own below it (`/exec/{}/start` beside
   * `/exec/{}/json`): what the parameter picks is addressed as one thing, even where no path ends at it.
   */
  membersWithPaths: Set<string>;
  /**
   * Per literal prefix shape, the methods of every path that continues it with a parameter, at the
   * member or below it (`/signal/{}` and `/orders/{}/lines`): what is done to the things it would hold.
   */
  methodsOnMembers: Map<string, Set<string>>;
  /** Per literal prefix shape, the keys of the paths that continue it with a member parameter, at any depth. */
  continuedById: Map<string, string[]>;
  /**
   * Literal prefix shapes some path continues with an identifier key and a parameter named as it (`/group` in
   * `/identity/group/id/{id}`, `/group/name/{name}`): what is looked up there is one of the prefix's members.
   */
  lookedUpByKey: Set<string>;
  /** Per literal prefix shape, the methods of every path through it, ending there or below (`/evaluate/v1` for `/evaluate/v1/batch`). */
  methodsThrough: Map<string, Set<string>>;
}

const memo = new WeakMap<PathIndex, DocumentFacts>();

const isVersion = (name: string | undefined) => name !== undefined && /version$/i.test(name);
/** Literals that name an identifier a member is looked up by (`/id/{id}`, `/name/{name}`). */
const identifierKey = /^(id|uuid|uid|guid|name|slug|key)$/i;

function factsOf(index: PathIndex): DocumentFacts {
  let facts = memo.get(index);
  if (facts) return facts;
  let postOnly = 0;
  let verbLeaves = 0;
  let leaves = 0;
  const indexedNames = new Set<string>();
  const memberPaths = new Map<string, string[]>();
  const membersWithPaths = new Set<string>();
  const methodsOnMembers = new Map<string, Set<string>>();
  const continuedById = new Map<string, string[]>();
  const lookedUpByKey = new Set<string>();
  const methodsThrough = new Map<string, Set<string>>();
  for (const key of index.keys) {
    const segments = index.segments(key);
    const last = segments.length - 1;
    if (last < 0) continue;
    const methods = index.methodsAt(key, last);
    if (methods.size === 1 && methods.has('post')) postOnly++;
    const leaf = segments[last]!;
    if (leaf.kind === 'literal') {
      leaves++;
      const words = methodPart(leaf).words;
      if (words.length > 0 && (verbEvidence(words[0]!.text).mostly || verbEvidence(words[words.length - 1]!.text).mostly)) verbLeaves++;
    }
    // a member path: its literal prefix is a place whose members are served one by one. Whether the path
    // declares operations changed no labelled row (real documents declare them), so a sketch of paths counts too
    if (last > 0 && holdsId(leaf) && segments[last - 1]!.kind === 'literal') {
      const shape = index.prefixShapes(key)[last - 1]!;
      const keys = memberPaths.get(shape);
      if (keys) keys.push(key);
      else memberPaths.set(shape, [key]);
    }
    const own = index.methodsAt(key, last);
    segments.forEach((s, i) => {
      const next = segments[i + 1];
      if (s.kind === 'literal' && own.size > 0) {
        const shape = index.prefixShapes(key)[i]!;
        const through = methodsThrough.get(shape) ?? new Set<string>();
        for (const m of own) through.add(m);
        methodsThrough.set(shape, through);
      }
      if (s.kind === 'literal' && next !== undefined && next.kind !== 'literal' && own.size > 0) {
        const shape = index.prefixShapes(key)[i]!;
        const methods = methodsOnMembers.get(shape) ?? new Set<string>();
        for (const m of own) methods.add(m);
        methodsOnMembers.set(shape, methods);
      }
      const after = segments[i + 2];
      if (s.kind === 'literal' && next?.kind === 'literal' && after?.kind === 'param' && identifierKey.test(next.text) && lettersOf(after.params[0] ?? '') === lettersOf(next.text)) lookedUpByKey.add(index.prefixShapes(key)[i]!);
      if (s.kind !== 'literal' || !holdsId(next) || isVersion(next!.params[0])) return;
      indexedNames.add(s.text.toLowerCase());
      const continued = continuedById.get(index.prefixShapes(key)[i]!);
      if (continued) continued.push(key);
      else continuedById.set(index.prefixShapes(key)[i]!, [key]);
      // as a member path above, a path below the member counts whether or not it declares operations: a sketch
      // (`/user/{username}/orgs: {}`) addresses the member as one thing just as well (round six asked for
      // operations, and the retrain then left `/user/{username}/orgs` beside `GET /user` unreported)
      if (i + 2 <= last) membersWithPaths.add(index.prefixShapes(key)[i]!);
    });
  }
  const n = Math.max(1, index.keys.length);
  facts = {
    postOnlyShare: postOnly / n,
    verbLeafShare: leaves ? verbLeaves / leaves : 0,
    indexedNames,
    memberPaths,
    membersWithPaths,
    methodsOnMembers,
    continuedById,
    lookedUpByKey,
    methodsThrough,
  };
  memo.set(index, facts);
  return facts;
}

export function documentStyle(index: PathIndex): DocumentStyle {
  return factsOf(index);
}

/** Some path of the document follows a literal of this text with a member parameter (the same name indexed elsewhere). */
export function indexedSomewhere(index: PathIndex, text: string): boolean {
  return factsOf(index).indexedNames.has(text.toLowerCase());
}

/**
 * The document has the path made of segments 0 to `i` of `key` followed by a parameter (`/sg/{sgId}`),
 * or paths below such a member (`/exec/{id}/json`, `/exec/{id}/start`): its members have paths of their own.
 */
export function memberPathDeclared(index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  if (shape === undefined) return false;
  const facts = factsOf(index);
  return facts.memberPaths.has(shape) || facts.membersWithPaths.has(shape);
}

/**
 * Every path that continues segments 0 to `i` of `key` with a parameter takes POST only: nothing reads,
 * replaces or deletes what the parameter picks, so it picks no stored member. The segment acts on the
 * parameter's value (`/workflows/{id}/signal/{signalName}`: POST sends the named signal) rather than
 * naming a collection of it.
 */
export function membersOnlyPosted(index: PathIndex, key: string, i: number): boolean {
  return onlyAmong(methodsKept(index, key, i, 'methodsOnMembers'), 'post');
}

/** What the document keeps in `kind` for the literal prefix of segments 0 to `i` of `key`. */
function methodsKept(index: PathIndex, key: string, i: number, kind: 'methodsOnMembers' | 'methodsThrough'): ReadonlySet<string> | undefined {
  const shape = index.prefixShapes(key)[i];
  return shape === undefined ? undefined : factsOf(index)[kind].get(shape);
}

/** Some method, and each one of `allowed`. */
function onlyAmong(methods: ReadonlySet<string> | undefined, ...allowed: string[]): boolean {
  return methods !== undefined && methods.size > 0 && [...methods].every((m) => allowed.includes(m));
}

/**
 * Paths go on below the parameter after segments 0 to `i` of `key`, and none ends at it (`/agents/group/{group_id}/restart`
 * with no `/agents/group/{group_id}`): what the parameter picks is never addressed as one thing, only used to scope
 * what is below it (round thirteen).
 */
export function parameterOnlyScopes(index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  if (shape === undefined) return false;
  const facts = factsOf(index);
  return facts.membersWithPaths.has(shape) && !facts.memberPaths.has(shape);
}

/**
 * Every path that continues segments 0 to `i` of `key` with a parameter is only written to (POST or PUT,
 * at the member or below it): nothing reads or deletes what the parameter picks. Before a parameter
 * named after another noun (`/knock/{roomIdOrAlias}`, `/redact/{eventId}/{txnId}`), the segment is then
 * done to that thing, with an idempotency key where PUT is used, rather than naming a collection of it.
 */
export function membersOnlyWritten(index: PathIndex, key: string, i: number): boolean {
  return onlyAmong(methodsKept(index, key, i, 'methodsOnMembers'), 'post', 'put');
}

/** Every path through segments 0 to `i` of `key`, ending there or below, is only POSTed to (`/evaluate/v1/{batch,boolean}`). */
export function onlyPostedThrough(index: PathIndex, key: string, i: number): boolean {
  return onlyAmong(methodsKept(index, key, i, 'methodsThrough'), 'post');
}

/**
 * What the parameter after segments 0 to `i` of `key` picks is only changed, by POST, PUT or PATCH, never read nor
 * deleted, and no path goes on below it (`PATCH /agents/{id}/tools/attach/{tool_id}`): `membersOnlyWrittenLeaves` with
 * PATCH counted as a write (round fifteen).
 */
export function membersOnlyChangedLeaves(index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  return shape !== undefined && onlyAmong(methodsKept(index, key, i, 'methodsOnMembers'), 'post', 'put', 'patch') && !factsOf(index).membersWithPaths.has(shape);
}

/**
 * As `membersOnlyWritten`, and no path goes on below the parameter: what it picks is only ever handed to POST
 * or PUT, never read, deleted or addressed as a thing with parts (`PUT /delayprofile/reorder/{id}`; round ten).
 */
export function membersOnlyWrittenLeaves(index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  return shape !== undefined && membersOnlyWritten(index, key, i) && !factsOf(index).membersWithPaths.has(shape);
}

/**
 * What the parameter after segments 0 to `i` of `key` picks is only an argument: no path goes on below
 * it, and nothing replaces or deletes it (GET, HEAD or POST only, at the parameter). A collection's
 * member is addressed as one thing; a value handed to a read or a call (`GET /_cat/allocation/{node_id}`,
 * `POST /{alias}/_rollover/{new_index}`) is not (round eight).
 */
export function membersOnlyArguments(index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  if (shape === undefined) return false;
  const facts = factsOf(index);
  const methods = facts.methodsOnMembers.get(shape);
  return !facts.membersWithPaths.has(shape) && methods !== undefined && [...methods].every((m) => m === 'get' || m === 'head' || m === 'post');
}

/**
 * A GET at this place reads a list (or the given methods answer with one): its success schema is an array, or
 * an object with exactly one array property (a page: `{value: [...], nextLink}`, `{items: [...], total}`).
 */
export function readsList(ctx: RuleContext, paths: Node, keys: readonly string[], methods: readonly string[] = ['get']): boolean {
  return answersWithList(ctx, paths, keys, methods, false);
}

/**
 * The success schema of one of `methods` at these paths is an array, or an object with exactly one array
 * property and, where `paged`, a property that pages it.
 */
function answersWithList(ctx: RuleContext, paths: Node, keys: readonly string[], methods: readonly string[], paged: boolean): boolean {
  return keys.some((k) => {
    const item = resolveChild(ctx, paths, k, 'PathItem');
    return methods.flatMap((m) => successResponses(ctx, item, m, /^2\d\d$/)).some((response) => {
      const schema = resolveChild(ctx, response, schemaKeys(response.value));
      if (!schema) return false;
      if (schema.value['type'] === 'array') return true;
      const properties = resolveChild(ctx, schema, ['properties']);
      if (!properties) return false;
      const names = Object.keys(properties.value);
      const arrays = names.filter((p) => resolveChild(ctx, properties, [p])?.value['type'] === 'array');
      return arrays.length === 1 && (!paged || names.some((p) => pagingNames.has(lettersOf(p))));
    });
  });
}

/** An operation's responses whose codes match, `$ref`s followed. */
function successResponses(ctx: RuleContext, item: Node | undefined, method: string, codes: RegExp): Node<Record<string, unknown>>[] {
  const responses = item && resolveChild(ctx, item, [method, 'responses']);
  if (!responses) return [];
  return Object.keys(responses.value).flatMap((code) => {
    const response = codes.test(code) ? resolveChild(ctx, responses, [code]) : undefined;
    return response ? [response] : [];
  });
}

/** Words a schema name may add to a member's own noun (`RedisResource`, `UserModel`). */
const memberSuffix = /^(resource|item|entity|model|dto|object|info|details?|data)?$/;

/**
 * The schema a member path (segments 0 to `i` of `key`, then a parameter) answers with is named after
 * the segment as written (`GET /Redis/{name}` answers a `RedisResource`, `GET /user/{id}` a `User`): the
 * segment names one member, so it is singular, whatever its spelling says (`/users/{id}` answers a `User`).
 */
export function memberSchemaNamedAfter(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): boolean {
  const segments = index.segments(key);
  const own = segments[i]?.text.toLowerCase();
  const shape = index.prefixShapes(key)[i];
  if (own === undefined || shape === undefined) return false;
  // once per place: the paths through it may be thousands (`/a/{p1}` … `/a/{p40000}`), each a member path
  let known = namedAfterByPlace.get(index);
  if (!known) namedAfterByPlace.set(index, (known = new Map()));
  const place = `${shape}\0${own}`;
  let answer = known.get(place);
  if (answer === undefined) known.set(place, (answer = namesMember(ctx, paths, factsOf(index).memberPaths.get(shape) ?? [], own)));
  return answer;
}

const namedAfterByPlace = new WeakMap<PathIndex, Map<string, boolean>>();

function namesMember(ctx: RuleContext, paths: Node, memberKeys: readonly string[], own: string): boolean {
  return memberKeys.some((k) => {
    const item = resolveChild(ctx, paths, k, 'PathItem');
    return ['get', 'put', 'patch'].some((method) =>
      successResponses(ctx, item, method, /^20[01]$/).some((response) => {
        const schema = responseSchema(response.value);
        const ref = isObject(schema) && typeof schema['$ref'] === 'string' ? schema['$ref'] : undefined;
        const name = ref?.slice(ref.lastIndexOf('/') + 1).toLowerCase();
        return name !== undefined && name.startsWith(own) && memberSuffix.test(name.slice(own.length));
      }),
    );
  });
}

/**
 * What the paths ending at segment `i` of `key` take as a request body, where every operation there writes
 * (POST or PUT): `none` when none takes a body or an argument in its query or headers (the call is the whole of it:
 * `PUT /credit_notes/{id}/void`, `POST /stats_reset`), `names` when a body's schema has a property named as the segment (`POST
 * /jobs/{id}/schedule` with `{schedule: …}`: the segment is the thing written), `other` otherwise; undefined
 * where the place is no path or is read, replaced with PATCH or deleted (round eleven).
 */
export function writtenLeafBody(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): 'none' | 'names' | 'other' | undefined {
  const methods = index.methodsAt(key, i);
  if (methods.size === 0 || ![...methods].every((m) => m === 'post' || m === 'put')) return undefined;
  const own = lettersOf(index.segments(key)[i]?.text ?? '');
  let answer: 'none' | 'names' | 'other' = 'none';
  for (const k of index.keysAt(key, i)) {
    const item = resolveChild(ctx, paths, k, 'PathItem');
    if (!item) continue;
    for (const method of ['post', 'put']) {
      const operation = resolveChild(ctx, item, method);
      if (!operation) continue;
      const body = resolvedRequestSchema(ctx, item, operation);
      if (body === undefined) {
        // arguments in the query or headers are input as a body is (`POST /prescriptions/query?…`)
        if (answer === 'none' && takesArguments(ctx, item, operation)) answer = 'other';
        continue;
      }
      if (body === null) {
        answer = answer === 'names' ? answer : 'other';
        continue;
      }
      const properties = resolveChild(ctx, body, ['properties']);
      if (own !== '' && properties && Object.keys(properties.value).some((p) => lettersOf(p) === own)) answer = 'names';
      else if (answer === 'none') answer = 'other';
    }
  }
  return answer;
}

const lettersOf = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The operation or its path item declares a query, header or cookie parameter. */
function takesArguments(ctx: RuleContext, item: Node<Record<string, unknown>>, operation: Node<Record<string, unknown>>): boolean {
  return [operation, item].some((owner) => {
    const list = owner.value['parameters'];
    if (!Array.isArray(list)) return false;
    return list.some((_, n) => {
      const at = resolveChild(ctx, owner, ['parameters', String(n)], 'Parameter')?.value['in'];
      return at === 'query' || at === 'header' || at === 'cookie';
    });
  });
}

/**
 * Segments 0 to `i` of `key` sit below a parameter, no parameter follows the segment in this path, and no path of
 * the document goes on from the same parent (the same literals and the same parameter names) with one: the segment
 * names one thing of that parent, a singleton (`/{mongodbatlas_mount_path}/config`, `/{nomad_mount_path}/config/lease`),
 * whatever another parent holds under the same word (`/{database_mount_path}/config/{name}`: path shapes alone
 * would unite them). Not where its GET reads a list (`/users/{username}/following` beside
 * `/users/{follower}/following/{followee}`: one parent named two ways). Round eleven.
 */
export function singletonOfParent(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): boolean {
  const segments = index.segments(key);
  if (!segments.slice(0, i).some((s) => s.kind !== 'literal') || holdsId(segments[i + 1])) return false;
  const shape = index.prefixShapes(key)[i];
  if (shape === undefined) return false;
  const parent = textualPrefix(segments, i);
  const continued = factsOf(index).continuedById.get(shape) ?? [];
  if (continued.some((k) => textualPrefix(index.segments(k), i) === parent)) return false;
  return !readsList(ctx, paths, index.keysAt(key, i).filter((k) => textualPrefix(index.segments(k), i) === parent));
}

/**
 * Segments 0 to `i` as written, literals in lower case (`/Timeline` and `/timeline` are one place). A parameter
 * after a literal picks a member of it whatever its name (`/users/{username}` and `/users/{follower}`); one that
 * opens the path or follows another parameter is a mount or scope, and its name tells parents apart.
 */
function textualPrefix(segments: readonly Segment[], i: number): string {
  return segments
    .slice(0, i + 1)
    .map((s, k) => (s.kind === 'literal' ? s.text.toLowerCase() : k > 0 && segments[k - 1]!.kind === 'literal' ? '{}' : s.text))
    .join('/');
}

/**
 * The parameter after segments 0 to `i` of `key` ends every path through it, is only read (GET), that GET
 * reads a list, and so does the GET of the literal before the segment: the parameter filters what is listed (`GET /discover/tv/network/{networkId}` lists shows of a
 * network, `GET /service/sonarr/lookup/{tmdbId}` the series found), it picks no member of the segment. Round eleven.
 */
export function filterKey(ctx: RuleContext, paths: Node, index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  if (shape === undefined || !holdsId(index.segments(key)[i + 1])) return false;
  const facts = factsOf(index);
  const methods = facts.methodsOnMembers.get(shape);
  if (facts.membersWithPaths.has(shape) || !methods || ![...methods].every((m) => m === 'get' || m === 'head')) return false;
  // under a list the parent reads (`GET /discover/tv`): the segment narrows that list; a collection of its own
  // stands at the root or under a member (`/tv/{tvId}/season/{seasonId}`)
  if (i === 0 || index.segments(key)[i - 1]!.kind !== 'literal' || !readsList(ctx, paths, index.keysAt(key, i - 1))) return false;
  return readsPage(ctx, paths, index.keysAt(key, i + 1));
}

/** Property names that page a list (`{page, totalPages, results: [...]}`), letters only, lower case. */
const pagingNames = new Set(['page', 'pages', 'pagesize', 'perpage', 'totalpages', 'totalresults', 'totalcount', 'totalitems', 'total', 'count', 'next', 'nextpage', 'nextcursor', 'cursor', 'offset', 'limit', 'hasmore', 'nextlink', 'continuationtoken', 'pageinfo', 'pagination']);

/**
 * A GET at this place reads a list of results: its success schema is an array, or an object with one array
 * property and a property that pages it. A member with one list among its fields (a season and its episodes)
 * reads no page.
 */
function readsPage(ctx: RuleContext, paths: Node, keys: readonly string[]): boolean {
  return answersWithList(ctx, paths, keys, ['get'], true);
}

/** Some path looks a member of segments 0 to `i` of `key` up by an identifier key (`/group/id/{id}`). */
export function lookedUpByKey(index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  return shape !== undefined && factsOf(index).lookedUpByKey.has(shape);
}
