import { defineRule, type Node } from '../src/lint/rule.js';
import type { RelatedLocation } from '../src/types.js';
import { rangeOf } from '../src/lint/rule-helpers.js';
import { openapi3Version } from './lib/openapi3.js';
import { count } from '../src/text/count.js';

/**
 * The rule whose finding is a root cause: an Operation given by `$ref` is, to every other rule, an
 * operation with no parameters and no responses, and the schema rejects its `$ref`. Each file's such
 * operations are one finding (at the first, the others its related places) that names what the
 * specification says, and every finding at or under those operations is folded into it.
 */
export default defineRule({
  meta: {
    id: 'operation-no-ref',
    category: 'validity',
    formats: ['swagger2', 'openapi3'],
    severity: 'error',
    description: 'An Operation Object is written in place: the specification allows no `$ref` there.',
    messages: {
      one: '{{spec}} does not allow $ref on an Operation Object; reference the Path Item instead or inline the operation.',
      many: '{{spec}} does not allow $ref on an Operation Object ({{count}} operations in this file, the first shown); reference the Path Item instead or inline the operations.',
    },
    docs: `Swagger 2.0 and OpenAPI 3 allow a \`$ref\` in \`paths\` on a Path Item (the whole path, \`/pets: {$ref: paths/pets.yaml}\`)
and on parameters, request bodies, responses, schemas and the other components, but not on an Operation Object:
\`get: {$ref: ops/get-pet.yaml}\` is an operation with one unknown property. Tools that follow such a
\`$ref\` anyway hide the fault; every other tool sees an operation with no parameters and no responses.

So the findings that follow are consequences, not faults of their own: the schema's "unknown property
\`$ref\`" and "missing \`responses\`", \`path-params-match\`'s "no path parameter", \`response-success\`'s
"documents no responses". This rule reports the cause once per file, at the first such \`$ref\` (the
others are its related places), and every finding at or under those operations is folded into it: the
report says "and 2,502 more caused by this", and \`--no-fold\` (or the JSON output's \`folded\` field) lists
them. A \`$ref\` that does not resolve is not folded: it stays wrong after the fix.

Fix: move the operations into a Path Item file and reference that, or write the operation in place.

Fails:

\`\`\`yaml
paths:
  /pets/{petId}:
    get:
      $ref: ops/get-pet.yaml
\`\`\`

Passes:

\`\`\`yaml
paths:
  /pets/{petId}:
    $ref: paths/pet.yaml   # a Path Item: get, its parameters and responses inside
\`\`\``,
  },
  create: (ctx) => {
    const byFile = new Map<string, Node[]>(); // file → its operations written as a $ref, in walk order
    return {
      Operation(op, node) {
        if (typeof op['$ref'] !== 'string') return;
        const list = byFile.get(node.source.uri);
        if (list) list.push(node);
        else byFile.set(node.source.uri, [node]);
      },
      'Document:done'() {
        if (byFile.size === 0) return;
        const version = openapi3Version(ctx);
        const spec = ctx.format.id === 'swagger2' ? 'Swagger 2.0' : version ? `OpenAPI ${version}` : 'OpenAPI 3';
        for (const nodes of byFile.values()) {
          const [first, ...others] = nodes as [Node, ...Node[]];
          const related: RelatedLocation[] = others.map((n) => ({ range: rangeOf(n.source, [...n.pointer, '$ref'], 'key'), message: 'Another Operation Object given by $ref.' }));
          ctx.report({
            node: first,
            property: '$ref',
            ...(others.length ? { messageId: 'many', data: { spec, count: count(nodes.length) } } : { messageId: 'one', data: { spec } }),
            related,
            // the operation looks empty to every rule that reads it; a $ref that does not resolve stays wrong after the fix
            consequences: nodes.map((n) => ({ node: n, exceptRules: ['ref-resolves'] })),
          });
        }
      },
    };
  },
});
