// What the whole document says of its own path segments, for the path-convention models
// (segment-features.ts): its style (RPC or resource), which names it indexes with a member parameter,
// which places have member paths, and which paths' GETs read a list. Worked out once
// per `paths` object, since every segment of every path asks.
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { holdsId, type PathIndex } from './path-classifier.js';
import { methodPart } from './verb-detector.js';
import { verbEvidence } from './verb-lexicon.js';
import { isObject, resolveChild } from './resolve.js';
import { responseSchema, schemaKeys } from './body-schemas.js';

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
}

const memo = new WeakMap<PathIndex, DocumentFacts>();

const isVersion = (name: string | undefined) => name !== undefined && /version$/i.test(name);

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
      if (s.kind === 'literal' && next !== undefined && next.kind !== 'literal' && own.size > 0) {
        const shape = index.prefixShapes(key)[i]!;
        const methods = methodsOnMembers.get(shape) ?? new Set<string>();
        for (const m of own) methods.add(m);
        methodsOnMembers.set(shape, methods);
      }
      if (s.kind !== 'literal' || !holdsId(next) || isVersion(next!.params[0])) return;
      indexedNames.add(s.text.toLowerCase());
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
  const shape = index.prefixShapes(key)[i];
  const methods = shape === undefined ? undefined : factsOf(index).methodsOnMembers.get(shape);
  return methods !== undefined && methods.size === 1 && methods.has('post');
}

/**
 * Every path that continues segments 0 to `i` of `key` with a parameter is only written to (POST or PUT,
 * at the member or below it): nothing reads or deletes what the parameter picks. Before a parameter
 * named after another noun (`/knock/{roomIdOrAlias}`, `/redact/{eventId}/{txnId}`), the segment is then
 * done to that thing, with an idempotency key where PUT is used, rather than naming a collection of it.
 */
export function membersOnlyWritten(index: PathIndex, key: string, i: number): boolean {
  const shape = index.prefixShapes(key)[i];
  const methods = shape === undefined ? undefined : factsOf(index).methodsOnMembers.get(shape);
  return methods !== undefined && methods.size > 0 && [...methods].every((m) => m === 'post' || m === 'put');
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
 * A GET at this place reads a list: its success schema is an array, or an object with exactly one
 * array property (a page: `{value: [...], nextLink}`, `{items: [...], total}`).
 */
export function readsList(ctx: RuleContext, paths: Node, keys: readonly string[]): boolean {
  return keys.some((k) => {
    const item = resolveChild(ctx, paths, k, 'PathItem');
    return successResponses(ctx, item, 'get', /^2\d\d$/).some((response) => {
      const schema = resolveChild(ctx, response, schemaKeys(response.value));
      if (!schema) return false;
      if (schema.value['type'] === 'array') return true;
      const properties = resolveChild(ctx, schema, ['properties']);
      if (!properties) return false;
      const arrays = Object.keys(properties.value).filter((p) => resolveChild(ctx, properties, [p])?.value['type'] === 'array');
      return arrays.length === 1;
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
