import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { RegexCache } from './lib/regex-cache.js';
import { checkValue, type CheckContext } from './lib/value-check.js';
import { isObject } from './lib/resolve.js';
import { clip, preview } from '../src/text/quote.js';

const show = (v: unknown) => preview(v, 40);

export default defineRule({
  meta: {
    id: 'value-fits-schema',
    category: 'validity',
    formats: ['swagger2'],
    severity: 'error',
    description: 'Every `default`, `enum` value and example fits the type, format and limits of its own schema.',
    docs: `Swagger 2.0: a default value "MUST conform to the defined type for this parameter", and the same holds for
the values of \`enum\`. A \`default: ten\` on an integer, an enum member outside \`maxLength\` or a date that
does not exist (\`2024-13-01\`) make clients and generated code disagree with the server. Checked for
parameters, headers, items and schemas: type, \`format\` (date, date-time, int32, int64), \`pattern\`,
lengths, limits, \`multipleOf\`, items, properties, \`required\`, \`additionalProperties: false\` and \`allOf\`,
following \`$ref\`s. Examples (\`example\`, \`x-example\`) that do not fit are reported as warnings, since the
specification only says they should.

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: limit, in: query, type: integer, maximum: 100, default: 500}
        - {name: since, in: query, type: string, format: date, default: '2024-13-01'}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: limit, in: query, type: integer, maximum: 100, default: 20}
        - {name: since, in: query, type: string, format: date, default: '2024-01-31'}
\`\`\``,
  },
  create: (ctx) => {
    const check: CheckContext = {
      regexes: new RegexCache(),
      deref(ref, uri) {
        const target = ctx.resolveRef(uri, ref);
        return target.ok && isObject(target.value) ? { schema: target.value, uri: target.source.uri } : undefined;
      },
    };
    const visit = (simple: boolean) => (value: JsonObject, node: Node) => {
      // A body parameter's values live in its schema, which is visited as a Schema.
      if (node.kind === 'Parameter' && value['in'] === 'body') return;
      const options = { uri: node.source.uri, simple };
      /** Whether `v` fits the schema (undefined) or why not; an enum member written as a $ref stands for its target (swagger-parser dereferences them). */
      const misfit = (v: unknown, skipEnum: boolean) => {
        const ref = isObject(v) && typeof v['$ref'] === 'string' ? ctx.resolveRef(node.source, v['$ref']) : undefined;
        if (ref && !ref.ok) return undefined;
        const shown = ref?.ok ? ref.value : v;
        const found = checkValue(check, shown, value, { ...options, skipEnum, required: true });
        return found && { shown, why: `it is${found.at === '' ? '' : ` (at ${clip(found.at.replace(/^\./, ''))})`} ${found.reason}` };
      };
      const test = (key: string, v: unknown, label: string, example: boolean) => {
        const found = misfit(v, false);
        if (!found) return;
        ctx.report({
          node: ctx.child(node, key),
          at: 'value',
          severity: example ? 'warn' : 'error',
          message: `${label} ${show(found.shown)} does not fit its schema: ${found.why}; ${example ? 'change the example to one the schema accepts' : `change the value, or the schema, so that they agree`}.`,
        });
      };
      if (value['default'] !== undefined) test('default', value['default'], 'The default', false);
      // One finding per enum, at its first misfit, with the count: an enum of 2,000 values written for the
      // wrong type is one mistake, not 2,000 (issue 30)
      const list = value['enum'];
      if (Array.isArray(list)) {
        const misfits = list.flatMap((member: unknown, i) => {
          const found = misfit(member, true);
          return found ? [{ i, ...found }] : [];
        });
        const first = misfits[0];
        if (first) {
          const others = misfits.length - 1;
          ctx.report({
            node: ctx.child(node, ['enum', String(first.i)]),
            at: 'value',
            message:
              others === 0
                ? `The enum value ${show(first.shown)} does not fit its schema: ${first.why}; change the value, or the schema, so that they agree.`
                : `${misfits.length} of this enum's ${list.length} values do not fit its schema; the first, ${show(first.shown)}: ${first.why}; change the values, or the schema, so that they agree.`,
          });
        }
      }
      if (node.kind === 'Schema' && value['example'] !== undefined) test('example', value['example'], 'The example', true);
      if (value['x-example'] !== undefined) test('x-example', value['x-example'], 'The example', true);
    };
    return { Parameter: visit(true), Items: visit(true), Header: visit(true), Schema: visit(false) };
  },
});
