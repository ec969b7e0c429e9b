import * as plurals from './lib/plurals.js';
import { defineRule } from '../src/lint/rule.js';
import { pathShape, type Segment } from './lib/path-parser.js';
import { PathIndex } from './lib/path-classifier.js';

/** The identifier name a parameter after `segment` would have: `{order_id}` after `orders`. */
function idFor(segment: Segment | undefined): string {
  const noun = segment?.kind === 'literal' ? segment.words[segment.words.length - 1] : undefined;
  return noun && /^[a-z]+$/.test(noun.text) ? `{${plurals.singular(noun.text)}_id}` : '{order_id}';
}

/**
 * Two fields of one object (`{channel_point.funding_txid}/{channel_point.output_index}`, as gRPC
 * gateways name them): together one compound identifier of one member, not a parameter indexing nothing.
 */
function sameObject(a: string, b: string): boolean {
  const dot = a.lastIndexOf('.');
  return dot > 0 && b.lastIndexOf('.') === dot && a.slice(0, dot) === b.slice(0, dot);
}

export default defineRule({
  meta: {
    id: 'path-member-id',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    // recommended by measured precision (issue 38, bench/path-rules.mjs): its lower bound is under 0.9, so only in `all`
    severity: 'off',
    allSeverity: 'warn',
    description: 'A `{param}` segment follows the collection it indexes, and its name says what it identifies.',
    messages: {
      loneParameter: "'{{path}}' is a lone parameter at the root, with no collection before it; address members inside their collection: /orders/{order_id}.",
      afterParameter: "'{{{name}}}' follows the parameter '{{previous}}', not a collection it indexes; put its collection before it: {{prefix}}/<collection>/{{{name}}}.",
      unclearName: "'{{{name}}}' does not say what it identifies; name it for the member, such as {{example}}.",
    },
    docs: `A member is addressed by its identifier inside its collection: \`/orders/{order_id}\`. A parameter right
after another one (\`/orders/{a}/{b}\`) indexes nothing, and a lone \`/{id}\` at the root has no collection.
Parameters that lead the path and scope the whole API (\`/{organization}/{project}/_apis/…\`) are a scope
prefix and pass, and so do two fields of one object in a row (\`/channels/{point.txid}/{point.index}\`, as gRPC
gateways name the parts of one compound identifier). A name of one letter (\`{x}\`) says nothing of what it identifies: that gets an info.

Fails:

\`\`\`yaml
paths:
  /orders/{order_id}/{line_id}: {}
  /{id}: {}
\`\`\`

Passes:

\`\`\`yaml
paths:
  /orders/{order_id}/lines/{line_id}: {}
  /{organization}/{project}/_apis/build/definitions: {}
\`\`\``,
  },
  create: (ctx) => ({
    Paths(paths, node) {
      // A shape repeats below its first path (`/repos/{owner}/{repo}/issues`, `…/pulls`): report it there only.
      const seen = new Set<string>();
      const first = (segments: Segment[], i: number) => {
        const shape = pathShape(segments.slice(0, i + 1));
        if (seen.has(shape)) return false;
        seen.add(shape);
        return true;
      };
      const index = PathIndex.of(node, ctx);
      for (const key of Object.keys(paths)) {
        if (!key.startsWith('/')) continue;
        const segments = index.segments(key);
        const at = (s: Segment) => ({ node: ctx.child(node, key), columns: [s.start, s.end] as [number, number] });
        const firstLiteral = segments.findIndex((s) => s.kind !== 'param');
        if (segments.length === 1 && segments[0]!.kind === 'param') {
          ctx.report({ ...at(segments[0]!), messageId: 'loneParameter', data: { path: key } });
        }
        segments.forEach((segment, i) => {
          if (segment.kind !== 'param' || !first(segments, i)) return;
          const name = segment.params[0]!;
          // Leading parameters (before the first literal) scope the API; after it, each indexes the collection before it.
          if (firstLiteral !== -1 && i > firstLiteral && segments[i - 1]!.kind === 'param' && !sameObject(segments[i - 1]!.params[0]!, name)) {
            ctx.report({
              ...at(segment),
              messageId: 'afterParameter',
              data: { name, previous: segments[i - 1]!.text, prefix: segments.slice(0, i).map((s) => '/' + s.text).join('') },
            });
          }
          if ((name.match(/[A-Za-z]/g) ?? []).length < 2) {
            ctx.report({ ...at(segment), severity: 'info', messageId: 'unclearName', data: { name, example: idFor(segments[i - 1]) } });
          }
        });
      }
    },
  }),
});
