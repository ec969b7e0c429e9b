// The schemas that compose a named schema with others through `allOf` (`Dog: {allOf: [{$ref: Pet},
// {properties: {bark}}]}` composes Pet): a `required` name in Pet that Dog's other member declares is
// satisfied wherever Pet is used that way, and JSON Schema asks nothing more (required-properties-exist).
import type { Node, RuleContext, Source } from '../../src/lint/rule.js';
import { isObject } from './resolve.js';

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Per source, the pointers (as `#/…`) of the objects whose `allOf` lists a local `$ref`, by that `$ref`. */
const memo = new WeakMap<object, Map<string, string[][]>>();

function composers(source: Source): Map<string, string[][]> {
  const root = source.value as unknown;
  if (!isObject(root)) return new Map();
  let found = memo.get(root);
  if (found) return found;
  found = new Map();
  // an explicit stack: documents nest deeply
  const stack: Array<{ value: unknown; pointer: string[] }> = [{ value: root, pointer: [] }];
  while (stack.length > 0) {
    const { value, pointer } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, pointer: [...pointer, String(i)] }));
      continue;
    }
    if (!isObject(value)) continue;
    const allOf = value['allOf'];
    if (Array.isArray(allOf)) {
      for (const member of allOf) {
        const ref = isObject(member) ? member['$ref'] : undefined;
        if (typeof ref === 'string' && ref.startsWith('#/')) found.set(ref, [...(found.get(ref) ?? []), pointer]);
      }
    }
    for (const [k, v] of Object.entries(value)) if (typeof v === 'object' && v !== null) stack.push({ value: v, pointer: [...pointer, k] });
  }
  memo.set(root, found);
  return found;
}

/** The schemas of `node`'s file whose `allOf` names `node` by a local `$ref`. */
export function composedBy(ctx: RuleContext, node: Node): Node[] {
  const ref = '#/' + node.pointer.map(escape).join('/');
  return (composers(node.source).get(ref) ?? []).map((pointer) => ctx.nodeAt(node.source, pointer, { kind: 'Schema' }));
}
