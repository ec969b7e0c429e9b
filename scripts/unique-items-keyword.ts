// ajv's `uniqueItems`, replaced for the standalone Swagger 2.0 validator: for items of no scalar type
// (an `enum` list, a parameter list) ajv compares every pair, so an enum of 100,000 values took half a
// minute. This one keys each item by its canonical JSON (object keys sorted, which is what deep
// equality means for JSON values) in one pass, and reports the same error (keyword `uniqueItems`,
// params i and j) so the explanations stay as they were.
import type { KeywordCxt } from 'ajv';
import { _ } from 'ajv/dist/compile/codegen/index.js';
import { _Code } from 'ajv/dist/compile/codegen/code.js';

/** The first item equal to an earlier one, as [its index, the earlier index]. Self-contained: its source is copied into the validator. */
function firstRepeat(list: unknown[]): [number, number] | undefined {
  const canon = (v: unknown): string => {
    if (Array.isArray(v)) return '[' + v.map(canon).join(',') + ']';
    if (v !== null && typeof v === 'object') return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canon((v as Record<string, unknown>)[k])).join(',') + '}';
    return JSON.stringify(v) ?? 'null';
  };
  const seen = new Map<string, number>();
  for (let i = 0; i < list.length; i++) {
    const key = canon(list[i]);
    const j = seen.get(key);
    if (j !== undefined) return [i, j];
    seen.set(key, i);
  }
  return undefined;
}

export const uniqueItemsKeyword = {
  keyword: 'uniqueItems',
  type: 'array' as const,
  schemaType: 'boolean' as const,
  error: {
    message: ({ params }: { params: Record<string, unknown> }) => _`"must NOT have duplicate items (items ## " + ${params['j'] as never} + " and " + ${params['i'] as never} + " are identical)"`,
    params: ({ params }: { params: Record<string, unknown> }) => _`{i: ${params['i'] as never}, j: ${params['j'] as never}}`,
  },
  code(cxt: KeywordCxt): void {
    const { gen, data, schema } = cxt;
    if (schema !== true) return;
    const find = gen.scopeValue('func', { ref: firstRepeat, code: new _Code(`(${firstRepeat.toString()})`) });
    const repeat = gen.const('repeat', _`${find}(${data})`);
    cxt.setParams({ i: _`${repeat}[0]`, j: _`${repeat}[1]` });
    cxt.fail(_`${repeat} !== undefined`);
  },
};
