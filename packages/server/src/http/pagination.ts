import { badRequest } from './errors.js';

// Lists answer a page at a time: `limit` items (default 100, at most 1000) after the opaque `cursor`
// of the previous page's `next_cursor`, which is null on the last page. A cursor is the last key the
// previous page read, so items added meanwhile neither repeat nor shift a page.

export interface PageRequest {
  limit: number;
  /** The key the previous page ended at; undefined for the first page. */
  after: string | undefined;
}

export interface ListBody<T> {
  items: T[];
  next_cursor: string | null;
}

export const defaultLimit = 100;
export const maxLimit = 1000;

export function pageRequest(url: URL): PageRequest {
  const limit = url.searchParams.get('limit');
  if (limit !== null && !/^[1-9][0-9]{0,3}$/.test(limit)) throw badRequest('invalid-limit', `limit is a whole number from 1 to ${maxLimit}.`);
  if (limit !== null && Number(limit) > maxLimit) throw badRequest('invalid-limit', `limit is a whole number from 1 to ${maxLimit}.`);
  const cursor = url.searchParams.get('cursor');
  return { limit: limit === null ? defaultLimit : Number(limit), after: cursor === null ? undefined : decodeCursor(cursor) };
}

/** The largest key of an `integer` column (revision numbers, finding sequence numbers). */
export const maxInteger = 2 ** 31 - 1;

/**
 * The previous page's last key as a number (a revision's, a finding's, an audit entry's): -1 for the
 * first page. `max` is the key column's largest value: the database refuses a larger one in a
 * comparison, which was a 500 for a cursor no page ever gave.
 */
export function numberAfter(request: PageRequest, max = maxInteger): number {
  if (request.after === undefined) return -1;
  if (!/^-?[0-9]{1,15}$/.test(request.after) || Number(request.after) > max) throw invalidCursor();
  return Number(request.after);
}

export const invalidCursor = () => badRequest('invalid-cursor', "cursor should be a previous page's next_cursor, unchanged.");

function decodeCursor(cursor: string): string {
  const key = /^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  // PostgreSQL's text holds no NUL: such a key was a 500 from the database, not a 400 from here
  if (!key.startsWith('k:') || key.includes('\0')) throw invalidCursor();
  return key.slice(2);
}

/**
 * One page from `rows`, read as `limit + 1` rows after the cursor: the extra row says whether there
 * is a next page. `keep` drops rows the caller may not see (a page may then hold fewer than `limit`).
 */
export function pageOf<Row, Item>(rows: readonly Row[], request: PageRequest, keyOf: (row: Row) => string, keep: (row: Row) => Item | undefined): ListBody<Item> {
  const read = rows.slice(0, request.limit);
  const items = read.map(keep).filter((item): item is Item => item !== undefined);
  const more = rows.length > request.limit && read.length > 0;
  return { items, next_cursor: more ? Buffer.from(`k:${keyOf(read[read.length - 1]!)}`).toString('base64url') : null };
}
