import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';
import { isObject } from '../src/lint/rule-helpers.js';
import { clip } from '../src/text/quote.js';
import { lineOf } from './lib/where.js';

/**
 * Where a path key stops being a path: its first `?` (a query) or `#` (a fragment), or -1. A URI
 * template's query or fragment expansion (`/files{?version}`, RFC 6570) starts at its brace; a `?`
 * inside a parameter's name (`{id?}`, a router's optional parameter) is the name's, not a query.
 */
export function pathEnd(key: string): number {
  let open = -1;
  for (let i = 0; i < key.length; i++) {
    const c = key[i];
    if (c === '{') open = i;
    else if (c === '}') open = -1;
    else if (c === '?' || c === '#') {
      if (open === -1) return i;
      if (open === i - 1) return open;
    }
  }
  return -1;
}

/** The operations of a path item (its `$ref` followed), by method, each with the node of its method key. */
function operationsOf(ctx: RuleContext, paths: Node<JsonObject>, key: string): Map<string, Node> {
  const found = new Map<string, Node>();
  const target = ctx.resolve(ctx.child(paths, key));
  if (!target.ok || !isObject(target.value)) return found;
  for (const method of Object.keys(target.value)) {
    const spec = ctx.format.kinds.childSpec('PathItem', method);
    if (spec && 'one' in spec && spec.one === 'Operation') found.set(method, ctx.nodeAt(target.source, [...target.pointer, method], { kind: 'Operation' }));
  }
  return found;
}

export default defineRule({
  meta: {
    id: 'path-no-query-or-fragment',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'A path key is a URL path: no `?query` and no `#fragment` in it.',
    messages: {
      queryOrFragment: "Path '{{key}}' has {{what}}; a path key is a URL path, so requests for it go to '{{path}}': {{fix}}.",
      sameOperation: "{{method}} {{path}} is already at {{first}}: a client sends this operation's requests there too, and the API cannot tell the two apart. Describe them as one operation (a query parameter, or a request body that is a oneOf of both forms).",
    },
    docs: `A path key is "a relative path to an individual endpoint", appended to \`basePath\` (Swagger 2.0) or to
the server URL (OpenAPI 3) "to construct the full URL". In a URL the path ends at the first \`?\` or \`#\`
(RFC 3986, section 3.3): what follows a \`?\` is the query, which OpenAPI describes with \`in: query\`
parameters, and what follows a \`#\` is a fragment, which a client keeps to itself and never sends. OpenAPI
3.2 says it in its grammar of path templates: a path literal is made of \`pchar\`s, which exclude \`?\` and
\`#\`. So \`/oauth2/token#refresh\` is a second name for \`/oauth2/token\`, and \`/search?type=user\` one for
\`/search\`; tools that build URLs from the key send something else than the API expects.

The finding is at the \`?\` or \`#\` part of the key. When the key without that part is another path of the
document, and both have an operation for one method, the request cannot tell them apart: that is said
once more at the later operation (\`POST /oauth2/token is already at line 12\`). Describe the variants as
one operation: its query parameters, or a request body that is a \`oneOf\` of the forms it takes.

Fails:

\`\`\`yaml
paths:
  /oauth2/token:
    post: {responses: {'200': {description: A token}}}
  /oauth2/token#refresh:
    post: {responses: {'200': {description: A refreshed token}}}
  /search?type=user:
    get: {responses: {'200': {description: The users found}}}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /oauth2/token:
    post: {responses: {'200': {description: A new or refreshed token}}}
  /search:
    get:
      parameters:
        - {name: type, in: query, type: string, enum: [user, group]}
      responses: {'200': {description: What was found}}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      const keys = Object.keys(paths).filter((k) => k.startsWith('/'));
      const plain = new Set(keys.filter((k) => pathEnd(k) === -1));
      // path → method → the first operation a client reaches there: plain keys first, then the others in order
      const served = new Map<string, Map<string, Node>>();
      const order = [...keys.filter((k) => plain.has(k)), ...keys.filter((k) => !plain.has(k))];
      for (const key of order) {
        const end = pathEnd(key);
        const path = end === -1 ? key : key.slice(0, end);
        let methods = served.get(path);
        if (!methods) served.set(path, (methods = new Map()));
        if (end !== -1) report(ctx, ctx.child(node, key), key, end, plain.has(path));
        for (const [method, operation] of operationsOf(ctx, node, key)) {
          const first = methods.get(method);
          if (!first) methods.set(method, operation);
          // two plain keys are one key written twice: duplicate-key's
          else if (end !== -1) ctx.report({ node: operation, messageId: 'sameOperation', data: { method: method.toUpperCase(), path: clip(path), first: lineOf(first, operation) } });
        }
      }
    },
  }),
});

/** The finding at the `?…` or `#…` part of a key, with the fix that fits: rename the key, or move its operations to the path it reaches. */
function report(ctx: RuleContext, at: Node, key: string, end: number, pathExists: boolean): void {
  const part = key.slice(end);
  const path = key.slice(0, end);
  const query = part.startsWith('?') || part.startsWith('{?');
  const what = query ? `a query string '${clip(part, 40)}'` : `a fragment '${clip(part, 40)}', which a client never sends`;
  const parameters = query ? ' and describe the query with `in: query` parameters' : '';
  const fix = pathExists ? `move its operations to '${clip(path)}'${parameters}` : `write the key as '${clip(path)}'${parameters}`;
  ctx.report({ node: at, columns: [end, key.length], messageId: 'queryOrFragment', data: { key: clip(key), what, path: clip(path), fix } });
}
