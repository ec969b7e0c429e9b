import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { RegexCache } from '../src/text/regex-cache.js';
import { checkValue, enumMisfitReport, misfitMessages, misfitReport, type CheckContext } from '../src/values/value-check.js';
import { isObject } from './lib/resolve.js';
import { openapi3Version } from './lib/openapi3.js';
import { openapi3ValueVisitors } from './lib/openapi3-values.js';

export default defineRule({
  meta: {
    id: 'value-fits-schema',
    reach: 'node',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'Every `default`, `enum` value and example fits the type, format and limits of its own schema.',
    messages: misfitMessages,
    docs: `Swagger 2.0: a default value "MUST conform to the defined type for this parameter", and the same holds for
the values of \`enum\`. A \`default: ten\` on an integer, an enum member outside \`maxLength\` or a date that
does not exist (\`2024-13-01\`) make clients and generated code disagree with the server. Checked for
parameters, headers, items and schemas: type, \`format\` (date, date-time, int32, int64), \`pattern\`,
lengths, limits, \`multipleOf\`, items, properties, \`required\`, \`additionalProperties: false\` and \`allOf\`,
following \`$ref\`s. Examples (\`example\`, \`x-example\`) that do not fit are reported as warnings, since the
specification only says they should.

OpenAPI 3.0 and 3.1: a Schema Object's \`default\` (3.0: "Unlike JSON Schema, the value MUST conform to the
defined type for the Schema Object", an error; 3.1 takes \`default\` from JSON Schema 2020-12, where it SHOULD
be valid against its schema, a warning), its \`enum\` members (JSON Schema lets an enum list any value, but one
the schema's other keywords reject can never be sent: a warning), its \`example\` and 3.1's \`examples\` list;
and the \`example\` and Example Objects' \`value\` of parameters, headers and media types against their
\`schema\` (examples SHOULD match it: warnings). An Example Object under \`components/examples\` is reported
where it is used, since that place's schema is the one it must fit. 3.0 reads \`nullable: true\`; 3.1 reads
type lists (\`[string, 'null']\`), \`const\` and numeric \`exclusiveMinimum\`/\`exclusiveMaximum\`. A required
property that is \`readOnly\` or \`writeOnly\` may be missing from an example (it cannot say whether it is a
request or a response), a parameter's example may be written serialized (\`1,2,3\` for a list), and a string
example of a media type that is not JSON (\`text/csv\`) is its serialized form and is not judged.
OpenAPI 3.2: an Example Object's \`dataValue\` is the data itself, judged whatever the media type; a
sequential media type (\`application/jsonl\`, \`text/event-stream\`) with an \`itemSchema\` and no \`schema\`
has examples of its whole content, a list of items, each judged against the \`itemSchema\` ("MUST be
applied to each item in the stream independently"; one value that is no list is one item).
\`oneOf\`, \`anyOf\` and \`not\` are not judged. \`example\` and \`examples\` on one object exclude each other;
\`schema-valid\` reports that, since the official schemas say so.

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
    if (ctx.format.id === 'openapi3') {
      const version = openapi3Version(ctx);
      return version === undefined ? {} : openapi3ValueVisitors(ctx, version);
    }
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
        return found && { shown, found };
      };
      const test = (key: string, v: unknown, label: string, example: boolean) => {
        const found = misfit(v, false);
        if (!found) return;
        ctx.report({ node: ctx.child(node, key), at: 'value', severity: example ? 'warn' : 'error', ...misfitReport(label, found.shown, found.found, example) });
      };
      if (value['default'] !== undefined) test('default', value['default'], 'The default', false);
      const list = value['enum'];
      if (Array.isArray(list)) {
        const misfits = list.flatMap((member: unknown, i) => {
          const found = misfit(member, true);
          return found ? [{ i, ...found }] : [];
        });
        const first = misfits[0];
        if (first) ctx.report({ node: ctx.child(node, ['enum', String(first.i)]), at: 'value', ...enumMisfitReport(misfits.length, list.length, first.shown, first.found) });
      }
      if (node.kind === 'Schema' && value['example'] !== undefined) test('example', value['example'], 'The example', true);
      if (value['x-example'] !== undefined) test('x-example', value['x-example'], 'The example', true);
    };
    return { Parameter: visit(true), Items: visit(true), Header: visit(true), Schema: visit(false) };
  },
});
