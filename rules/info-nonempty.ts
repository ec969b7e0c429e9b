import { defineRule, type JsonObject } from '../src/lint/rule.js';

/** What each field is for, as `info-title` and `info-version` say when the field is missing. */
const why = {
  title: 'give the API a title, such as "Orders API".',
  version: 'give the version of the API (not of Swagger) as a string, such as "1.0".',
} as const;

/**
 * An empty (or blank) `info.title` or `info.version` is valid Swagger 2.0 — the field is present and
 * a string, which is all the schema asks — but says nothing: a convention, apart from `info-title` and
 * `info-version`, which judge whether the field is there at all.
 */
export default defineRule({
  meta: {
    id: 'info-nonempty',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'error',
    description: 'The info object\'s `title` and `version` are not empty.',
    docs: `A title or version of only blanks passes the Swagger 2.0 schema, but tells a reader nothing:
catalogs list the API under an empty name, and clients cannot tell its versions apart. A missing or
non-string field is \`info-title\`'s or \`info-version\`'s (validity); an empty one is this rule's
(convention).

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
      if (doc['swagger'] === undefined && doc['openapi'] !== undefined) return;
      const info = doc['info'];
      if (info === null || typeof info !== 'object' || Array.isArray(info)) return;
      for (const field of ['title', 'version'] as const) {
        const value = (info as JsonObject)[field];
        if (typeof value === 'string' && value.trim() === '') {
          ctx.report({ node, property: ['info', field], at: 'value', message: `info.${field} is empty; ${why[field]}` });
        }
      }
    },
  }),
});
