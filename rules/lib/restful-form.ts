// The RESTful form of a path that names an action: the verb leaves the path and, where it is one of
// the CRUD verbs, becomes the HTTP method (`/questions/show/{id}` → `GET /questions/{question_id}`).
import * as plurals from './plurals.js';
import { isNoun } from './lexicon.js';
import type { Segment, Word } from './path-parser.js';

/** What the CRUD verbs mean in HTTP (RFC 9110 §9.3); other actions have no method of their own. */
const methodOf: Record<string, string> = {
  get: 'GET', show: 'GET', list: 'GET', find: 'GET', fetch: 'GET', read: 'GET', retrieve: 'GET', view: 'GET',
  search: 'GET', lookup: 'GET', download: 'GET', query: 'GET',
  create: 'POST', add: 'POST', insert: 'POST', post: 'POST', submit: 'POST', upload: 'POST', register: 'POST',
  put: 'PUT', replace: 'PUT', set: 'PUT', save: 'PUT',
  update: 'PATCH', edit: 'PATCH', modify: 'PATCH', change: 'PATCH', patch: 'PATCH',
  delete: 'DELETE', remove: 'DELETE', destroy: 'DELETE', erase: 'DELETE', drop: 'DELETE',
};

/** Whether the word is one of the CRUD verbs that HTTP methods stand for (`get`, `list`, `create`, `delete`). */
export function isCrudVerb(word: string): boolean {
  return Object.hasOwn(methodOf, word);
}

export interface RestfulForm {
  /** The method the verb stands for, when it is a CRUD verb. */
  method?: string;
  path: string;
}

/** `{id}` says nothing of what it identifies; after `questions`, `{question_id}` does. */
function renamedParam(name: string, before: Segment | undefined): string {
  const noun = before?.kind === 'literal' ? before.words[before.words.length - 1] : undefined;
  if (!noun || !/^id$/i.test(name)) return name;
  return `${plurals.singular(noun.text)}_id`;
}

/**
 * The segment without the verb: `getOrders` → `orders`, `create-user` (POST) → `users`, `show` → nothing,
 * `conversations.create` → `conversations`. Only the dot-separated part that holds the verb changes.
 */
function withoutVerb(segment: Segment, verb: Word, method: string | undefined): string {
  const text = segment.text;
  const at = verb.start - segment.start;
  const partStart = text.lastIndexOf('.', at - 1) + 1;
  const dot = text.indexOf('.', at);
  const partEnd = dot === -1 ? text.length : dot;
  let rest = segment.words.filter((w) => w.start > verb.start && w.end - segment.start <= partEnd);
  // `findByStatus`, `add_to_office`: what follows a leading verb is no object when it is no noun.
  if (at === partStart && rest.length > 0 && !isNoun(plurals.singular(rest[0]!.text))) rest = [];
  const before = text.slice(partStart, at);
  const after = rest.length > 0 ? text.slice(rest[0]!.start - segment.start, partEnd) : '';
  let part = (before + after).replace(/^[-_]+|[-_]+$/g, '').replace(/([-_])[-_]+/g, '$1');
  if (before === '' && /^[A-Z][a-z]/.test(part)) part = part[0]!.toLowerCase() + part.slice(1);
  // A create, upload or add goes to a collection: `POST /users`, not `POST /user`.
  const last = part.match(/[A-Za-z]+$/)?.[0];
  if (method === 'POST' && last && plurals.isSingular(last.toLowerCase()) && isNoun(last.toLowerCase())) part = part.slice(0, -last.length) + plurals.plural(last);
  return (text.slice(0, partStart) + part + text.slice(partEnd)).replace(/^\.+|\.+$/g, '').replace(/\.\.+/g, '.');
}

export function restfulForm(segments: readonly Segment[], index: number, verb: Word): RestfulForm {
  const method = methodOf[verb.text];
  const kept: Array<{ text: string; segment: Segment }> = [];
  segments.forEach((segment, i) => {
    const text = i === index ? withoutVerb(segment, verb, method) : segment.text;
    if (text !== '') kept.push({ text, segment });
  });
  const path = kept.map(({ text, segment }, i) => (segment.kind === 'param' ? `{${renamedParam(segment.params[0]!, kept[i - 1]?.segment)}}` : text));
  return method ? { method, path: '/' + path.join('/') } : { path: '/' + path.join('/') };
}

/** The member path of a collection path: `/orders` → `/orders/{order_id}`. */
export function memberPath(segments: readonly Segment[]): string {
  const last = segments[segments.length - 1];
  const noun = last?.words[last.words.length - 1];
  const id = noun && /^[a-z]+$/.test(noun.text) ? `${plurals.singular(noun.text)}_id` : 'id';
  return '/' + [...segments.map((s) => s.text), `{${id}}`].join('/');
}
