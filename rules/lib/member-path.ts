// Whether a path that ends in a parameter addresses one member of the collection named before it
// (`/orders/{order_id}`), as post-collection-only needs before it says "POST on a member path". A
// parameter also ends paths that name no member: an action's argument (`/friends/add/{user_id}`), a
// dimension or a scope named as a noun of another kind (`/events/count-by/{countable}`,
// `/workflows/{namespace}`), a custom method on the member (`/runs/{run_id}:archive`), or a parameter
// after a parameter, which indexes no collection (path-member-id's concern). The labels of
// bench/labels/path-rules.tsv hold each of these among the rule's false findings (issue 38).
import * as plurals from './plurals.js';
import { splitWords, type Segment } from './path-parser.js';
import { namesSegment } from './collection-evidence.js';
import { findVerb } from './verb-detector.js';
import type { PathIndex } from './path-classifier.js';

/** The last word of an identifier's name (`order_id`, `groupName`, `bucketID`, `uuid`): it says the parameter identifies something. */
const identifierWord = /^(id|ids|uuid|guid|key|name|number|no|code|slug|sha|hash|serial)$/;
const none: ReadonlySet<string> = new Set();

/** `{id}`, `{order_id}`, `{groupName}`: named as an identifier, or after the segment it follows (`{username}` after `users`). */
function namedAsIdentifier(param: Segment, before: Segment): boolean {
  const name = param.params[0] ?? '';
  const words = splitWords(name.slice(name.lastIndexOf('.') + 1)).map((w) => w.text);
  const head = before.words.at(-1)?.text;
  const own = head === undefined ? undefined : plurals.singular(head);
  return identifierWord.test(words.at(-1) ?? '') || namesSegment(param, before) || (own !== undefined && own.length > 2 && name.toLowerCase().startsWith(own));
}

/** Whether `key`'s last segment picks one member of the literal collection right before it. */
export function picksMember(index: PathIndex, key: string): boolean {
  const segments = index.segments(key);
  const last = segments[segments.length - 1];
  const before = segments[segments.length - 2];
  if (!last || !before || before.kind !== 'literal') return false;
  // `{run_id}:archive`: a method on the member (a custom method), not the member itself
  if (last.kind === 'mixed' && /^\{[^{}]+\}:/.test(last.text)) return false;
  if (last.kind !== 'param' && !(last.kind === 'mixed' && last.text.startsWith('{'))) return false;
  // an action takes the parameter as its argument (`/requests/remove/{membership_id}`)
  if (findVerb(index, key, segments.length - 2, none)) return false;
  // `count-by`, `by-name`: a qualifier, the parameter a dimension or a lookup value
  if (before.words.some((w) => w.text === 'by')) return false;
  return namedAsIdentifier(last, before);
}
