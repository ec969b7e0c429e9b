import { defineRule } from '../src/lint/rule.js';
import { isObject } from './lib/resolve.js';
import { fields31, openapiVersion } from '../src/formats/openapi3/version.js';
import { checksInfo, infoMessages, infoWhy } from './info-fields.js';

/** Why a blank one of the fields OpenAPI 3.1 adds to the info object says nothing. */
const since31 = {
  summary: 'write a one-line summary of the API, or leave `summary` out.',
  identifier: 'write the SPDX expression of the license (such as "MIT" or "Apache-2.0"), or leave `identifier` out.',
} as const;

const blank = (v: unknown): boolean => typeof v === 'string' && v.trim() === '';

/**
 * An empty (or blank) `info.title` or `info.version` is valid Swagger 2.0 and OpenAPI 3 — the field is
 * present and a string, which is all the schemas ask — but says nothing: a convention, apart from
 * `info-title` and `info-version`, which judge whether the field is there at all.
 */
export default defineRule({
  meta: {
    id: 'info-nonempty',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'The info object\'s `title` and `version` (and OpenAPI 3.1\'s `summary` and `license.identifier`) are not empty.',
    messages: { empty: infoMessages.empty },
    docs: `A title or version of only blanks passes the Swagger 2.0 and OpenAPI 3 schemas, but tells a reader
nothing: catalogs list the API under an empty name, and clients cannot tell its versions apart. A missing
or non-string field is \`info-title\`'s or \`info-version\`'s (validity); an empty one is this rule's
(convention).

OpenAPI 3.1 adds two optional strings to the info object, \`summary\` and \`license.identifier\` (an SPDX
expression): present but blank, each is reported too. (In OpenAPI 3.0 neither exists, and \`schema-valid\`
reports them as unknown fields.)

Fails:

\`\`\`yaml
info:
  title: ''
  version: '1.0'
\`\`\`

Passes:

\`\`\`yaml
info:
  title: Orders
  version: '1.0'
\`\`\``,
  },
  create: (ctx) => ({
    Document(doc, node) {
      if (node.source !== ctx.document.root || !checksInfo(ctx, doc)) return;
      const info = doc['info'];
      if (!isObject(info)) return;
      for (const field of ['title', 'version'] as const) {
        if (blank(info[field])) ctx.report({ node, property: ['info', field], at: 'value', messageId: 'empty', data: { field, why: infoWhy[field] } });
      }
      const version = ctx.format.id === 'openapi3' ? openapiVersion(doc) : undefined;
      if (!version?.ok || !fields31(version.version)) return;
      const license = isObject(info['license']) ? info['license'] : {};
      const added: Array<[string[], unknown, string]> = [
        [['info', 'summary'], info['summary'], since31.summary],
        [['info', 'license', 'identifier'], license['identifier'], since31.identifier],
      ];
      for (const [pointer, value, why] of added) {
        if (blank(value)) ctx.report({ node, property: pointer, at: 'value', messageId: 'empty', data: { field: pointer.slice(1).join('.'), why } });
      }
    },
  }),
});
