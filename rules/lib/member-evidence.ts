// What a path says about whether a parameter picks a member of the segment before it, and whether a
// POST adds members to a segment, beyond the segment's own path: the rest of the document (which
// collections a parameter indexes elsewhere) and the POST's body schema (what it adds).
import * as plurals from './plurals.js';
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { splitWords, type Segment } from './path-parser.js';
import { isObject, resolveChild } from './resolve.js';
import { requestSchema, responseSchema } from './body-schemas.js';
import { isNoun } from './lexicon.js';
import type { PathIndex } from './path-classifier.js';

/** Words that name an identifier of a noun rather than a noun (`customer_id`, `groupName`, `userKey`). */
const identifierWord = /^(id|ids|uuid|guid|key|name|number|no|code|slug)$/;

/** The noun a parameter is named after: `customer_id` → `customer`, `groupId` → `group`, `user` → `user`; none for `{id}`. */
function paramNoun(param: Segment): string | undefined {
  const words = splitWords(param.params[0] ?? '').map((w) => w.text);
  while (words.length > 0 && identifierWord.test(words[words.length - 1]!)) words.pop();
  return words.length > 0 && words.every((w) => /^[a-z]+$/.test(w)) ? words.join('') : undefined;
}

const singular = (word: string) => plurals.singular(word);

/**
 * The parameter is the member id of another collection of the document: named after a noun other
 * than `head`, and following a segment named by that noun somewhere else (`/time/{user}` beside
 * `/users/{user}`, `/broker/{customer_id}` beside `/customers/{customer_id}`). It looks that member
 * up or scopes by it (the labels' `/times/{user}`); it picks no member of this segment.
 */
export function keysAnotherCollection(index: PathIndex, param: Segment, head: string): boolean {
  const noun = paramNoun(param);
  const own = singular(head);
  if (noun === undefined || noun === own || noun.endsWith(own)) return false;
  const name = param.params[0]!;
  return [...index.literalsIndexedBy(name)].some((word) => singular(word) === noun && word !== head);
}

/** Words that stand for an identifier ending a parameter's name, rather than for what it identifies (`pub_key`, `r_hash_str`). */
const identifierTail = /^(id|ids|uid|uuid|guid|key|name|names|number|no|num|code|slug|sha|hash|ref|str|idx)$/;
const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The parameter is named after a noun other than the segment's (`{node_id}` after `allocation`,
 * `{new_index}` after `_rollover`): its name's head, once identifier words are cut from its end, is a
 * noun WordNet knows, of four letters or more (not an abbreviation such as `pub` or `req`), that is
 * neither the segment's head nor a shortening of it, and the name does not open with the segment's own
 * (`{purgeauditId}` after `purgeaudit`). Read from the name alone: the document need not index that noun
 * anywhere (keysAnotherCollection asks that it does).
 */
export function namesAnotherNoun(param: Segment, segment: Segment, head: string): boolean {
  if (param.kind !== 'param' || param.params.length !== 1) return false;
  const words = splitWords(param.params[0] ?? '').map((w) => w.text);
  while (words.length > 0 && identifierTail.test(words[words.length - 1]!)) words.pop();
  const noun = words[words.length - 1];
  if (noun === undefined || !/^[a-z]{4,}$/.test(noun) || !isNoun(noun)) return false;
  const theirs = singular(noun);
  const own = singular(head);
  if (theirs === own || theirs.startsWith(own) || own.startsWith(theirs)) return false;
  return !letters(param.params[0] ?? '').startsWith(letters(segment.text));
}

/** The last word of a schema's `$ref` name, lower case: `#/definitions/v1.Eviction` → `eviction`, `UserList` → `list`. */
function refHead(schema: unknown): string | undefined {
  if (!isObject(schema) || typeof schema['$ref'] !== 'string') return undefined;
  const name = schema['$ref'].slice(schema['$ref'].lastIndexOf('/') + 1);
  return splitWords(name.slice(name.lastIndexOf('.') + 1)).at(-1)?.text;
}

/** The schemas of an operation's 2xx responses, as written (`undefined` for a response without one). */
function successSchemas(operation: unknown): unknown[] {
  if (!isObject(operation) || !isObject(operation['responses'])) return [];
  return Object.entries(operation['responses']).filter(([code]) => /^2\d\d$/.test(code)).map(([, r]) => responseSchema(r));
}

const isArraySchema = (schema: unknown) => isObject(schema) && schema['type'] === 'array';

/**
 * Whether some path item at this place takes a POST that adds a member named after `head` (`POST /pet`
 * with a `Pet` body adds a pet): what a POST takes is what it adds, when it answers with nothing or
 * with that same thing. A body named otherwise (a token request, a query filter) adds nothing of the
 * segment's kind; a POST that answers with something else (a query's results) stores nothing; and a
 * path whose GET reads one object, not a list, is a singleton that POST sets up (`/current_user/profile`).
 */
export function postsBodyNamedAfter(ctx: RuleContext, paths: Node, keys: readonly string[], head: string): boolean {
  const own = singular(head);
  return keys.some((k) => {
    const item = resolveChild(ctx, paths, k, 'PathItem')?.value;
    const post = item?.['post'];
    const body = isObject(post) ? requestSchema(post) : undefined;
    if (!isObject(body) || refHead(body) !== own) return false;
    const ref = body['$ref'];
    const answersOther = successSchemas(post).some((s) => s !== undefined && !(isObject(s) && s['$ref'] === ref));
    const readsOne = successSchemas(item?.['get']).some((s) => s !== undefined && !isArraySchema(s));
    return !answersOther && !readsOne;
  });
}
