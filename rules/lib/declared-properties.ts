// The property names a schema declares, for the rules that compare names against them
// (required-properties-exist; an encoding's property names).
import type { Node, RuleContext } from '../../src/lint/rule.js';
import { isObject } from './resolve.js';

export interface Declared {
  names: Set<string>;
  /** Any name is allowed (`additionalProperties`, `patternProperties`, `unevaluatedProperties`): nothing to check. */
  open: boolean;
}

const members = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * The property names the schema at `node` declares: its own and its `allOf`/`anyOf`/`oneOf` members'
 * (a required name may be declared by any branch), `$ref`s followed (in JSON Schema 2020-12, OpenAPI
 * 3.1, beside the schema's own keywords; elsewhere a `$ref` stands for the whole schema), loops cut.
 */
export function declaredProperties(ctx: RuleContext, node: Node, into: Declared = { names: new Set(), open: false }, seen = new Set<unknown>()): Declared {
  // only the keywords the format's Schema Object has: Swagger 2.0's has no patternProperties nor anyOf
  const keyword = (key: string) => ctx.format.kinds.childSpec('Schema', key) !== undefined;
  const refKeyword = refIsKeyword(ctx);
  // an explicit stack, in the order recursion would take: a chain of `$ref`s or `allOf`s is as deep as
  // it is long (20,000 schemas overflowed the call stack). An entry with `body` is a schema whose `$ref`
  // was followed first and whose own keywords come next.
  const stack: Array<{ node: Node; body?: true }> = [{ node }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    const value = next.node.value;
    if (!isObject(value)) continue;
    if (!next.body) {
      if (seen.has(value)) continue;
      seen.add(value);
      if (typeof value['$ref'] === 'string') {
        const target = ctx.resolve(next.node);
        if (refKeyword) stack.push({ node: next.node, body: true });
        if (target.ok) stack.push({ node: ctx.nodeAt(target.source, target.pointer, { kind: next.node.kind }) });
        continue;
      }
    }
    if (isObject(value['properties'])) for (const name of Object.keys(value['properties'])) into.names.add(name);
    const open = (key: string) => keyword(key) && (value[key] === true || isObject(value[key]));
    if (open('additionalProperties') || open('unevaluatedProperties') || (keyword('patternProperties') && isObject(value['patternProperties']) && Object.keys(value['patternProperties']).length > 0)) into.open = true;
    for (let k = members.length - 1; k >= 0; k--) {
      const key = members[k]!;
      const list = value[key];
      if (!keyword(key) || !Array.isArray(list)) continue;
      for (let i = list.length - 1; i >= 0; i--) stack.push({ node: ctx.child(next.node, [key, String(i)]) });
    }
  }
  return into;
}

/** Whether a schema's `$ref` is one keyword among its others in this document (OpenAPI 3.1). */
function refIsKeyword(ctx: RuleContext): boolean {
  return ctx.format.kinds.refKeywordKinds?.(ctx.document.root.value).has('Schema') ?? false;
}

/** Which members of a schema's `allOf`/`anyOf`/`oneOf`, and which applicators, constrain the object holding them. */
export const memberKeys: ReadonlySet<string> = new Set(members);
