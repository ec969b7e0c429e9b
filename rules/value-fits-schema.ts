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
      const test = (key: string | string[], v: unknown, label: string, skipEnum: boolean, example: boolean) => {
        // An enum member written as a $ref is replaced by its target (swagger-parser dereferences them).
        const ref = isObject(v) && typeof v['$ref'] === 'string' ? ctx.resolveRef(node.source, v['$ref']) : undefined;
        if (ref) {
          if (!ref.ok) return;
          v = ref.value;
        }
        const found = checkValue(check, v, value, { ...options, skipEnum, required: true });
        if (!found) return;
        const inner = found.at === '' ? '' : ` (at ${clip(found.at.replace(/^\./, ''))})`;
        ctx.report({
          node: ctx.child(node, key),
          at: 'value',
          severity: example ? 'warn' : 'error',
          message: `${label} ${show(v)} does not fit its schema: it is${inner} ${found.reason}; ${example ? 'change the example to one the schema accepts' : `change the value, or the schema, so that they agree`}.`,
        });
      };
      if (value['default'] !== undefined) test('default', value['default'], 'The default', false, false);
      const list = value['enum'];
      if (Array.isArray(list)) list.forEach((member, i) => test(['enum', String(i)], member, 'The enum value', true, false));
      if (node.kind === 'Schema' && value['example'] !== undefined) test('example', value['example'], 'The example', false, true);
      if (value['x-example'] !== undefined) test('x-example', value['x-example'], 'The example', false, true);
    };
    return { Parameter: visit(true), Items: visit(true), Header: visit(true), Schema: visit(false) };
  },
});
