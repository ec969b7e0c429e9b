import { defineRule, type JsonObject, type Node, type RuleContext } from '../src/lint/rule.js';

/** Reports a missing description at the object's key, an empty one at its `description:` key. */
function check(ctx: RuleContext, value: JsonObject, node: Node, what: string, advice: string): void {
  const description = value['description'];
  if (description === undefined || description === null) {
    ctx.report({ node, messageId: 'missing', data: { what, advice } });
  } else if (typeof description === 'string' && description.trim() === '') {
    ctx.report({ node, property: 'description', messageId: 'empty', data: { what, advice } });
  }
}

export default defineRule({
  meta: {
    id: 'description-nonempty',
    reach: 'node',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'off',
    allSeverity: 'warn',
    description: 'Operations and schema properties carry a non-empty description.',
    messages: { missing: '{{what}} has no description; {{advice}}', empty: '{{what}} has an empty description; {{advice}}' },
    docs: `A reader of the API (or of a portal generated from it) learns what an operation does and what a
property holds from its description; a summary or a name is rarely enough. Off in \`recommended\`,
since many documents leave the obvious undescribed; \`all\` turns it on.

A missing description is reported at the operation's method key or the property's name; an empty
one at its \`description:\` key. On OpenAPI 3 the same holds for every operation (under \`paths\`, 3.1's
\`webhooks\` and \`components.pathItems\`, and callbacks) and every property of every schema; a property
that is a \`$ref\` is described where its target is defined (in 3.1, a \`description\` beside the \`$ref\`
describes it too).

Fails:

\`\`\`yaml
paths:
  /orders:
    get:
      responses: {200: {description: The orders}}
definitions:
  Order:
    properties:
      id: {type: string}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders:
    get:
      description: Lists the orders, newest first.
      responses: {200: {description: The orders}}
definitions:
  Order:
    properties:
      id: {type: string, description: The order's identifier.}
\`\`\``,
  },
  create: (ctx) => ({
    Operation(op, node) {
      const item = node.parent;
      // a path item a path takes by `$ref` is that path's (the walk visits it there); an OpenAPI 3 path
      // item under `paths`, or named elsewhere: a webhook, a component
      const served = item?.parent?.kind === 'Ref' && item.parent.parent?.kind === 'Paths' ? item.parent : undefined;
      const where = item?.pointer[item.pointer.length - 2];
      const path = served ? served.key : where === 'webhooks' ? `of webhook '${item!.key}'` : where === 'pathItems' ? `of path item '${item!.key}'` : (item?.key ?? '');
      check(ctx, op, node, `Operation ${node.key.toUpperCase()} ${path}`, 'say what it does (Markdown is allowed).');
    },
    Schema(schema, node) {
      // a property: a schema under its parent schema's `properties` (a `$ref`'d one is described where defined)
      if (node.parent?.kind !== 'Schema' || node.pointer[node.pointer.length - 2] !== 'properties') return;
      // in 3.1 the walk enters a `$ref` schema for its other keywords too: its target describes it
      if (typeof schema['$ref'] === 'string') return;
      check(ctx, schema, node, `Property '${node.key}'`, 'say what it holds.');
    },
  }),
});
