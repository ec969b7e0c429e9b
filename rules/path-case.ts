import { defineRule } from '../src/lint/rule.js';
import { followsStyle, splitWords, toStyle, type CaseStyle } from './lib/path-parser.js';
import { PathIndex } from './lib/path-classifier.js';

const example: Record<CaseStyle, string> = { kebab: 'order-lines', snake: 'order_lines', camel: 'orderLines' };
const styles: CaseStyle[] = ['kebab', 'snake', 'camel'];
type Style = CaseStyle | 'consistent';

/** Each dot-separated part in the style, marks kept: `users.setPresence` in kebab is `users.set-presence`. */
function restyle(text: string, style: CaseStyle): string {
  const mark = text.match(/^[_$.]*/)![0];
  return mark + text.slice(mark.length).split('.').map((part) => toStyle(splitWords(part), style)).join('.');
}

export default defineRule<{ style: Style }>({
  meta: {
    id: 'path-case',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'off',
    description: 'Literal path segments follow one case style (kebab, snake or camel).',
    messages: { otherCase: "Path segment '{{segment}}' is not {{style}} case (such as '{{example}}'){{why}}; write '{{fixed}}'." },
    docs: `Optional: multi-word path segments are spelt one way. The \`style\` option picks it: \`kebab\`
(\`/order-lines\`), \`snake\` (\`/order_lines\`), \`camel\` (\`/orderLines\`), or \`consistent\` (the default): the
style most of the document's multi-word segments already follow. Parameters are not checked; dots separate
independent names (\`v2.1\`, \`resource.k8s.io\`), a leading \`_\` or \`$\` (\`/_apis\`, \`/$count\`) is a mark, not a
word, and names from a segment that starts with a dot on are registered ones (\`/.well-known/openid-configuration\`,
RFC 8615), left as they are.

Fails (kebab):

\`\`\`yaml
paths:
  /orderLines: {}
  /order_lines: {}
\`\`\`

Passes (kebab):

\`\`\`yaml
paths:
  /order-lines: {}
  /{organization}/_apis/build/definitions: {}
\`\`\``,
    options: {
      type: 'object',
      properties: { style: { enum: ['consistent', ...styles], description: 'The case style of literal segments.' } },
      additionalProperties: false,
    },
    defaults: { style: 'consistent' },
  },
  create: (ctx, { style }) => ({
    Paths(paths, node) {
      const keys = Object.keys(paths).filter((k) => k.startsWith('/'));
      // `/.well-known/…` names are registered (RFC 8615), not the API's to spell: from a dot segment on, none counts.
      const index = PathIndex.of(node, ctx);
      const own = (key: string) => index.segments(key).filter((s, i, all) => !all.slice(0, i + 1).some((t) => t.text.startsWith('.')));
      const literals = keys.flatMap((key) => own(key).filter((s) => s.kind === 'literal').map((segment) => ({ key, segment })));
      // `consistent`: the style most multi-word segments follow (ties go to the earlier style in the list).
      const votes = (s: CaseStyle) => literals.filter(({ segment }) => segment.words.length > 1 && followsStyle(segment.text, s)).length;
      const chosen = style === 'consistent' ? styles.reduce((best, s) => (votes(s) > votes(best) ? s : best)) : style;
      const why = style === 'consistent' ? `, the style most of this document's paths use` : '';
      for (const { key, segment } of literals) {
        if (followsStyle(segment.text, chosen)) continue;
        const fixed = restyle(segment.text, chosen);
        ctx.report({
          node: ctx.child(node, key),
          columns: [segment.start, segment.end],
          messageId: 'otherCase',
          data: { segment: segment.text, style: chosen, example: example[chosen], why, fixed },
          suggestion: fixed,
        });
      }
    },
  }),
});
