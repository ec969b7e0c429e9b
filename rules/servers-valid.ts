import { defineRule } from '../src/lint/rule.js';
import { openapi3Version } from './lib/openapi3.js';
import { isObject } from './lib/resolve.js';

/** Characters a URI reference never holds (RFC 3986): a URL with them is not one. */
const notInUrls = /[\s<>"\\^`|{}]/;

export default defineRule({
  meta: {
    id: 'servers-valid',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'A server URL is a URL once its variables are substituted; each `{name}` in it has a variable; a variable\'s `enum` is not empty and holds its `default`.',
    messages: {
      noVariable: '`{{{name}}}` in the server URL has no variable: add `variables: {{{name}}: {default: ...}}`.',
      notUrl: '`{{url}}` is not a URL: spaces and the characters < > " \\ ^ ` | { } are not allowed outside variables.',
      emptyEnum: 'Server variable `{{name}}` has an empty `enum`: list its values, or remove `enum`.',
      defaultNotInEnum: 'The default `{{value}}` of server variable `{{name}}` is not in its enum ({{values}}).',
    },
    docs: `A server's URL may hold \`{variables}\`, each defined under \`variables\` with a \`default\`; with the defaults put
in, the URL must be a URL (relative ones are allowed). A variable's \`enum\` lists its allowed values: it must not
be empty and must hold the \`default\`. OpenAPI 3.1 says MUST for both; 3.0 says SHOULD, so there the two are
warnings.

Fails:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
servers:
  - url: https://{region}.example.com/{base}
    variables:
      region: {default: eu, enum: [us, ap]}
paths: {}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
info: {title: Orders, version: '1.0'}
servers:
  - url: https://{region}.example.com
    variables:
      region: {default: eu, enum: [eu, us]}
paths: {}
\`\`\``,
  },
  create: (ctx) => {
    const version = openapi3Version(ctx);
    if (version === undefined) return {};
    const should = version === '3.0' ? 'warn' : undefined; // 3.0 says SHOULD where 3.1 says MUST
    return {
      Server(server, node) {
        const url = server['url'];
        if (typeof url !== 'string') return;
        const variables = isObject(server['variables']) ? server['variables'] : {};
        let substituted = url;
        for (const match of url.matchAll(/\{([^{}]*)\}/g)) {
          const name = match[1]!;
          const variable = variables[name];
          if (!isObject(variable)) {
            ctx.report({ node, property: 'url', at: 'value', messageId: 'noVariable', data: { name } });
            continue;
          }
          if (typeof variable['default'] === 'string') substituted = substituted.replace(match[0], variable['default']);
        }
        if (notInUrls.test(substituted.replace(/\{[^{}]*\}/g, 'x'))) ctx.report({ node, property: 'url', at: 'value', messageId: 'notUrl', data: { url } });
        for (const [name, variable] of Object.entries(variables)) {
          if (!isObject(variable) || !Array.isArray(variable['enum'])) continue;
          const values = variable['enum'];
          if (values.length === 0) ctx.report({ node, property: ['variables', name, 'enum'], ...(should ? { severity: should } : {}), messageId: 'emptyEnum', data: { name } });
          else if (variable['default'] !== undefined && !values.includes(variable['default'])) {
            ctx.report({ node, property: ['variables', name, 'default'], at: 'value', ...(should ? { severity: should } : {}), messageId: 'defaultNotInEnum', data: { name, value: String(variable['default']), values: values.map(String).join(', ') } });
          }
        }
      },
    };
  },
});
