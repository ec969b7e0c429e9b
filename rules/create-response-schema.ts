import { defineRule, type JsonObject, type Node } from '../src/lint/rule.js';
import { servedPaths } from './lib/served-paths.js';
import { PathIndex, isPluralWord } from './lib/path-classifier.js';
import { findVerb } from './lib/verb-detector.js';
import { isObject, resolveChild } from './lib/resolve.js';

const none = new Set<string>();

/** Whether a response shows a body's schema: Swagger 2.0's `schema`, or one of OpenAPI 3's `content` media types'. */
function hasSchema(response: Record<string, unknown> | undefined): boolean {
  if (!response) return false;
  if (response['schema'] !== undefined) return true;
  const content = response['content'];
  return isObject(content) && Object.values(content).some((media) => isObject(media) && media['schema'] !== undefined);
}

export default defineRule({
  meta: {
    id: 'create-response-schema',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'POST to a collection documents a 200 or 201 response with a schema: the created document.',
    messages: {
      noSchema: "POST {{path}} adds a member to the collection but documents no 200 or 201 response with a schema; document the created document: '201': {description: Created, {{schema}}}.",
    },
    docs: `POST to a collection creates a member; its client needs the created document back (with its
identifier), so the operation documents a 200 or 201 response with a schema. A collection path is one that
some path indexes with a parameter, whose GET returns an array, or whose last segment is a plural noun; an
action path (\`/orders/{id}/cancel\`) is \`path-no-verbs\`' concern. A POST that answers 202 Accepted creates
later and is not checked. OpenAPI 3: the response's \`content\` has a media type with a \`schema\` (a \`2XX\` range
counts beside 200 and 201).

Fails:

\`\`\`yaml
paths:
  /orders:
    post:
      responses:
        '201': {description: Created}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    post:
      responses:
        '201': {description: Created, schema: {$ref: '#/definitions/Order'}}
definitions:
  Order: {type: object, properties: {id: {type: string}}}
\`\`\`

Fails:

\`\`\`yaml
openapi: 3.1.0
paths:
  /orders:
    post:
      responses:
        '201': {description: Created, content: {application/json: {}}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.1.0
paths:
  /orders:
    post:
      responses:
        '201': {description: Created, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}
\`\`\``,
  },
  create: (ctx) => {
    let index: PathIndex | undefined;
    const check = (item: JsonObject, node: Node, key: string) => {
      if (item['post'] === undefined || !index) return;
      const segments = index.segments(key);
      const last = segments[segments.length - 1];
      const head = last?.words[last.words.length - 1];
      if (!last || last.kind !== 'literal' || findVerb(index, key, segments.length - 1, none)) return;
      if (index.kind(ctx, key, node) !== 'collection' && !(head && isPluralWord(head.text))) return;
      const responses = resolveChild(ctx, node, ['post', 'responses'])?.value ?? {};
      if (responses['202'] !== undefined) return; // accepted for later: no document yet
      // a schema whose $ref does not resolve is still a schema: ref-resolves reports the reference
      const codes = ctx.format.id === 'openapi3' ? ['200', '201', '2XX'] : ['200', '201'];
      const documented = codes.some((code) => hasSchema(resolveChild(ctx, node, ['post', 'responses', code])?.value));
      if (documented) return;
      ctx.report({
        node: ctx.child(node, 'post'),
        messageId: 'noSchema',
        // the format's place for a response's schema
        data: { path: key, schema: ctx.format.id === 'openapi3' ? 'content: {application/json: {schema: …}}' : 'schema: …' },
      });
    };
    return {
      // the path items under `paths`, not those of callbacks or components/pathItems as such
      ...servedPaths(ctx, (key, node) => check(node.value, node, key)),
      Paths(_paths, node) {
        index = PathIndex.of(node, ctx);
      },
    };
  },
});
