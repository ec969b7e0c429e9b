// The parameters an operation takes, with `$ref`s followed: its own, and those of its path item that it
// does not override (Swagger 2.0: a parameter is unique by name and location).
import type { LoadedDocument, Node, RuleContext } from '../../src/lint/rule.js';
import { methods, type Method } from '../../src/formats/swagger2/kinds.js';
import { isObject, resolveChild } from './resolve.js';

export type Param = Node<Record<string, unknown>>;

/**
 * Several rules ask for every operation's parameters (Kubernetes: a thousand paths, most parameters
 * `$ref`s to the same few dozen), so each list and each reference is resolved once per document and
 * shared: keyed weakly by the loaded document, the memo lives exactly as long as the document.
 */
interface Memo {
  lists: WeakMap<unknown[], Param[]>;
  /** `<file>#<$ref>` → the parameter it names (undefined: it does not resolve). */
  refs: Map<string, Param | undefined>;
}
const memos = new WeakMap<LoadedDocument, Memo>();

/** Parameter lists are never `$ref`s themselves (only their items), so the list is read in place. */
function listAt(ctx: RuleContext, owner: Node, keys: string[]): Param[] {
  const list = keys.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), owner.value);
  if (!Array.isArray(list)) return [];
  let memo = memos.get(ctx.document);
  if (!memo) memos.set(ctx.document, (memo = { lists: new WeakMap(), refs: new Map() }));
  const { lists, refs } = memo;
  const known = lists.get(list);
  if (known) return known;
  const found: Param[] = [];
  list.forEach((item: unknown, i) => {
    const key = String(i);
    if (isObject(item) && item['$ref'] === undefined) {
      found.push(ctx.child(owner, [...keys, key], item, 'Parameter'));
      return;
    }
    const ref = isObject(item) ? `${owner.source.uri}#${String(item['$ref'])}` : '';
    const param = refs.has(ref) ? refs.get(ref) : resolveChild(ctx, owner, [...keys, key], 'Parameter');
    if (ref) refs.set(ref, param);
    if (param) found.push(param);
  });
  lists.set(list, found);
  return found;
}

/** Effective parameters by path item node and method: half the path rules ask for them, per path item. */
const effective = new WeakMap<Node, Partial<Record<Method, Param[]>>>();

/** The effective parameters of `item[method]` (`item` resolved). The list is shared: read it, never change it. */
export function operationParams(ctx: RuleContext, item: Node, method: Method): Param[] {
  let byMethod = effective.get(item);
  if (!byMethod) effective.set(item, (byMethod = {}));
  const known = byMethod[method];
  if (known) return known;
  const own = listAt(ctx, item, [method, 'parameters']);
  const shared = listAt(ctx, item, ['parameters']);
  let params: Param[];
  if (shared.length === 0) params = own;
  else if (own.length === 0) params = shared;
  else {
    const id = (p: Param) => `${String(p.value['in'])}:${String(p.value['name'])}`;
    const overridden = new Set(own.map(id));
    params = [...shared.filter((p) => !overridden.has(id(p))), ...own];
  }
  byMethod[method] = params;
  return params;
}

/** The methods of a path item that hold an operation object. */
export function operationsOf(item: Node): Method[] {
  const value = item.value as Record<string, unknown>;
  return methods.filter((m) => value[m] !== null && typeof value[m] === 'object');
}
