import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { isObject, resolveChild } from './lib/resolve.js';
import { isVersionName as isVersion, serverVersion } from './lib/api-version.js';
import { compileLinear } from '../src/text/linear-regex.js';
import { clip, preview } from '../src/text/quote.js';

const majorMinor = '^\\d+\\.\\d+$';

export default defineRule<{ pattern: string }>({
  meta: {
    id: 'api-version-param',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'An `api-version` parameter is a required query string whose values have the form major.minor.',
    messages: {
      number: "api-version value {{value}} is a number; write it as a string of the form {{form}}: '{{value}}'.",
      form: 'api-version value {{value}} does not have the form {{form}}.',
      serverForm: 'api-version value {{value}} in the server URL does not have the form {{form}}.',
      // `fix` is where the format keeps the type: Swagger 2.0's `type`, OpenAPI 3's `schema`
      notString: "api-version is {{what}}; versions such as '7.1' are strings: {{fix}}.",
      notInQuery: 'api-version is in: {{in}}; the version is selected in the query: in: query.',
      notRequired: 'api-version is not required; every request names the version it was written for: required: true.',
    },
    docs: `The service selects its version with the query parameter \`api-version\`, a string of the form major.minor
(\`7.1\`). Wherever a parameter of that name is defined (in an operation, a path item or the document's
\`parameters\`) it is \`in: query\`, \`type: string\` and \`required: true\`, and every value it shows (\`default\`,
each \`enum\` value, \`x-example\`) matches the accepted pattern. The \`pattern\` option widens it, for example
\`^\\d+\\.\\d+(-preview(\\.\\d+)?)?$\` to allow \`7.1-preview.1\`.

OpenAPI 3: the type and the values are the parameter's \`schema\`'s (inline or by \`$ref\`: \`type\`, \`default\`,
\`enum\`, \`const\`, \`example\`, \`examples\`) and the parameter's own \`example\` and \`examples\`. A version chosen in
\`servers\` is checked too: the value of \`api-version=\` in a server URL's query, and the \`default\` and \`enum\` of the
server variable that stands there or that is named \`api-version\`.

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: api-version, in: query, type: number, default: 7}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      parameters:
        - {name: api-version, in: query, type: string, required: true, default: '7.1'}
\`\`\`

Fails:

\`\`\`yaml
openapi: 3.1.0
servers:
  - url: 'https://dev.example.com/{organization}?api-version={version}'
    variables:
      organization: {default: contoso}
      version: {default: '7', enum: ['7', '7.1']}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
paths:
  /orders:
    get:
      parameters:
        - {name: api-version, in: query, required: true, schema: {type: string, enum: ['7.0', '7.1']}}
      responses: {'200': {description: OK}}
\`\`\``,
    options: {
      type: 'object',
      // `linear-regex`: the configuration is refused when the pattern is not one swaglint can match in linear time
      properties: { pattern: { type: 'string', format: 'linear-regex', description: 'A regular expression every api-version value matches.' } },
      additionalProperties: false,
    },
    defaults: { pattern: majorMinor },
  },
  create(ctx, { pattern }) {
    // Compiled once per run, not per parameter; linear-time, since a configuration can come with a
    // stranger's repository. The configuration loader refuses a pattern this cannot take; a library
    // caller that passes one anyway gets the default form rather than a crash.
    // on the first api-version value: most documents have none, and compiling loads the regex engine
    let compiled: { accepted: { test(text: string): boolean }; form: string } | undefined;
    const accepting = () => {
      if (compiled) return compiled;
      const own = compileLinear(pattern);
      const accepted = own.ok ? own : (compileLinear(majorMinor) as { ok: true; test(text: string): boolean });
      return (compiled = { accepted, form: pattern === majorMinor || !own.ok ? "major.minor (such as '7.1')" : `/${clip(pattern)}/` });
    };
    const checkValue = (node: Node, keys: string[], value: unknown) => {
      const { accepted, form } = accepting();
      if (typeof value === 'string' && accepted.test(value)) return;
      if (typeof value === 'number') ctx.report({ node, property: keys, at: 'value', messageId: 'number', data: { value, form } });
      else ctx.report({ node, property: keys, at: 'value', messageId: 'form', data: { value: preview(value), form } });
    };
    const checkValues = (node: Node, keys: string[], value: JsonObject, named: readonly string[], listed: readonly string[]) => {
      for (const key of named) if (value[key] !== undefined) checkValue(node, [...keys, key], value[key]);
      for (const key of listed) if (Array.isArray(value[key])) value[key].forEach((v, i) => checkValue(node, [...keys, key, String(i)], v));
    };
    /** OpenAPI 3: the type and values are the schema's (`$ref` followed), examples the parameter's too. */
    const checkSchema = (param: JsonObject, node: Node<JsonObject>) => {
      checkValues(node, [], param, ['example', 'x-example'], []);
      const examples = param['examples'];
      for (const name of isObject(examples) ? Object.keys(examples) : []) {
        const example = resolveChild(ctx, node, ['examples', name], 'Example');
        if (example) checkValues(example, [], example.value, ['value'], []);
      }
      const schema = param['schema'] === undefined ? undefined : resolveChild(ctx, node, 'schema', 'Schema');
      const type = schema?.value['type'];
      if (!schema || !(type === 'string' || (Array.isArray(type) && type.length === 1 && type[0] === 'string'))) {
        const where = !schema ? 'name' : type === undefined || !isObject(param['schema']) || param['schema']['$ref'] !== undefined ? 'schema' : ['schema', 'type'];
        const what = type === undefined ? 'without a type' : `type: ${Array.isArray(type) ? `[${type.map(String).join(', ')}]` : String(type)}`;
        ctx.report({ node, property: where, messageId: 'notString', data: { what, fix: 'schema: {type: string}' } });
      }
      if (schema) checkValues(schema, [], schema.value, ['default', 'const', 'example'], ['enum', 'examples']);
    };
    return {
      Parameter(param: JsonObject, node) {
        if (!isVersion(param['name'])) return;
        if (param['in'] !== 'query') {
          ctx.report({ node, property: 'in', messageId: 'notInQuery', data: { in: String(param['in']) } });
        }
        if (ctx.format.id !== 'openapi3' && param['in'] !== 'body' && param['type'] !== 'string') {
          const what = param['type'] === undefined ? 'without a type' : `type: ${String(param['type'])}`;
          ctx.report({ node, property: param['type'] === undefined ? 'name' : 'type', messageId: 'notString', data: { what, fix: 'type: string' } });
        }
        if (param['required'] !== true) {
          ctx.report({ node, property: param['required'] === undefined ? 'name' : 'required', messageId: 'notRequired' });
        }
        if (ctx.format.id === 'openapi3') checkSchema(param, node);
        else checkValues(node, [], param, ['default', 'x-example'], ['enum']);
      },
      // OpenAPI 3 only: Swagger 2.0 has no Server Object
      Server(server, node) {
        const version = serverVersion(server);
        if (!version) return;
        const { literal, variables } = version;
        const { accepted, form } = accepting();
        if (literal !== undefined && !accepted.test(literal)) {
          ctx.report({ node, property: 'url', at: 'value', messageId: 'serverForm', data: { value: preview(literal), form } });
        }
        for (const [name, variable] of variables) checkValues(node, ['variables', name], variable, ['default'], ['enum']);
      },
    };
  },
});
