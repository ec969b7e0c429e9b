import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { compileLinear } from '../src/text/linear-regex.js';
import { clip, preview } from '../src/text/quote.js';

const majorMinor = '^\\d+\\.\\d+$';

export default defineRule<{ pattern: string }>({
  meta: {
    id: 'api-version-param',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'error',
    description: 'An `api-version` parameter is a required query string whose values have the form major.minor.',
    docs: `The service selects its version with the query parameter \`api-version\`, a string of the form major.minor
(\`7.1\`). Wherever a parameter of that name is defined (in an operation, a path item or the document's
\`parameters\`) it is \`in: query\`, \`type: string\` and \`required: true\`, and every value it shows (\`default\`,
each \`enum\` value, \`x-example\`) matches the accepted pattern. The \`pattern\` option widens it, for example
\`^\\d+\\.\\d+(-preview(\\.\\d+)?)?$\` to allow \`7.1-preview.1\`.

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
    const compiled = compileLinear(pattern);
    const accepted = compiled.ok ? compiled : (compileLinear(majorMinor) as { ok: true; test(text: string): boolean });
    const form = pattern === majorMinor || !compiled.ok ? "major.minor (such as '7.1')" : `/${clip(pattern)}/`;
    const checkValue = (node: Node, keys: string[], value: unknown) => {
      if (typeof value === 'string' && accepted.test(value)) return;
      const message = typeof value === 'number'
        ? `api-version value ${value} is a number; write it as a string of the form ${form}: '${value}'.`
        : `api-version value ${preview(value)} does not have the form ${form}.`;
      ctx.report({ node, property: keys, at: 'value', message });
    };
    return {
      Parameter(param: JsonObject, node) {
        if (typeof param['name'] !== 'string' || param['name'].toLowerCase() !== 'api-version') return;
        if (param['in'] !== 'query') {
          ctx.report({ node, property: 'in', message: `api-version is in: ${String(param['in'])}; the version is selected in the query: in: query.` });
        }
        if (param['in'] !== 'body' && param['type'] !== 'string') {
          ctx.report({ node, property: param['type'] === undefined ? 'name' : 'type', message: `api-version is ${param['type'] === undefined ? 'without a type' : `type: ${String(param['type'])}`}; versions such as '7.1' are strings: type: string.` });
        }
        if (param['required'] !== true) {
          ctx.report({ node, property: param['required'] === undefined ? 'name' : 'required', message: 'api-version is not required; every request names the version it was written for: required: true.' });
        }
        for (const key of ['default', 'x-example']) if (param[key] !== undefined) checkValue(node, [key], param[key]);
        if (Array.isArray(param['enum'])) param['enum'].forEach((v, i) => checkValue(node, ['enum', String(i)], v));
      },
    };
  },
});
