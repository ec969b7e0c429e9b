import { defineRule, type Node } from '../src/lint/rule.js';
import { versionChecked } from './lib/openapi3.js';

/** `type/subtype` with optional parameters, or a range (`text/*`, `*\/*`), as RFC 9110 writes them. */
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const mediaRange = new RegExp(`^(?:\\*/\\*|${token}/(?:\\*|${token}))(?:\\s*;.*)?$`);

export default defineRule({
  meta: {
    id: 'media-type-valid',
    reach: 'node',
    category: 'validity',
    formats: ['openapi3'],
    severity: 'error',
    description: 'Each key of a `content` map is a media type or media type range (`application/json`, `text/*`).',
    messages: {
      notMediaType: '`{{key}}` is not a media type: write type/subtype, such as application/json or text/*.',
    },
    docs: `The keys of a \`content\` map (request bodies, responses, parameters, headers) are media types or media
type ranges: \`application/json\`, \`text/*\`, \`*/*\`, with parameters if need be (\`text/plain; charset=utf-8\`).
(Where \`encoding\` may stand is \`encoding-valid\`'s.)

Fails:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            json: {schema: {type: object}}
\`\`\`

Passes:

\`\`\`yaml
openapi: 3.0.3
info: {title: Orders, version: '1.0'}
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json: {schema: {type: object}}
\`\`\``,
  },
  create: (ctx) => {
    const check = (node: Node) => {
      if (!mediaRange.test(node.key)) ctx.report({ node, messageId: 'notMediaType', data: { key: node.key } });
    };
    return versionChecked(ctx)
      ? {
          // a `content` key, whether its value is a Media Type or (3.2) a `$ref` to one; the keys of
          // components/mediaTypes are names, and a Media Type in a file of its own has no key
          MediaType(_value, node) {
            if (inContent(node)) check(node);
          },
          Ref(_ref, node) {
            if (node.refKind === 'MediaType' && inContent(node)) check(node);
          },
        }
      : {};
  },
});

const inContent = (node: Node) => node.pointer[node.pointer.length - 2] === 'content';
