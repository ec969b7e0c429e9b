// One `parameters` list as written: each entry's place in the list (for reporting where it is used) and
// the parameter it names (its `$ref` followed, for reading `name` and `in`).
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { resolveChild } from './resolve.js';

export interface ListEntry {
  /** The entry in the list: the parameter itself, or the `{ $ref }` that names it. */
  entry: Node;
  /** The parameter, `$ref` followed; undefined when it does not resolve (ref-resolves reports that). */
  param: Node<Record<string, unknown>> | undefined;
}

export function paramList(ctx: RuleContext, owner: Node): ListEntry[] {
  const list = (owner.value as Record<string, unknown>)['parameters'];
  if (!Array.isArray(list)) return [];
  return list.map((_, i) => ({
    entry: ctx.child(owner, ['parameters', String(i)]),
    param: resolveChild(ctx, owner, ['parameters', String(i)], 'Parameter'),
  }));
}

/** Where to point at an entry: its `$ref` value when it is one, else the given key of the parameter. */
export function entryReport(entry: Node, key: string): { node: Node; property: string; at: 'key' | 'value' } {
  const value = entry.value as Record<string, unknown> | null;
  if (value !== null && typeof value === 'object' && typeof value['$ref'] === 'string') return { node: entry, property: '$ref', at: 'value' };
  return { node: entry, property: key, at: 'value' };
}
