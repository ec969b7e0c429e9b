import { defineRule } from '../src/lint/rule.js';
import { resolveRef } from '../src/load/refs.js';

export default defineRule({
  meta: {
    id: 'ref-resolves',
    severity: 'error',
    description: 'Every `$ref` names something that exists: a JSON pointer into this document or a readable file.',
    docs: `A \`$ref\` that points at nothing leaves a hole where a schema, parameter, response or path item should
be. The finding is at the \`$ref\`'s value and says why it does not resolve: the pointer's first missing
segment, a missing or unparsable file, a file outside the project (not read unless
\`--allow-external-refs\`), a remote URL (not fetched unless asked). A pointer without its leading slash
(\`#definitions/Pet\`), which some tools accept, gets a warning that shows the right form.

Fails:

\`\`\`yaml
schema:
  $ref: '#/definitions/Ordr'
\`\`\`

Passes:

\`\`\`yaml
schema:
  $ref: '#/definitions/Order'
\`\`\``,
  },
  create: (ctx) => ({
    Ref(ref, node) {
      // Only this $ref's own step: the next $ref of a chain is visited, and reported, where it is written.
      const target = resolveRef(ctx.document, node.source.uri, ref);
      if (target.ok) return;
      const hash = ref.indexOf('#');
      const fragment = hash === -1 ? '' : ref.slice(hash + 1);
      if (fragment !== '' && !fragment.startsWith('/')) {
        // `#definitions/Pet`: go-openapi and others read it as `#/definitions/Pet`; say how to write it.
        const fixed = `${ref.slice(0, hash)}#/${fragment}`;
        if (resolveRef(ctx.document, node.source.uri, fixed).ok) {
          ctx.report({ node, property: '$ref', at: 'value', severity: 'warn', message: `$ref '${ref}' lacks the '/' that starts a JSON pointer; write '${fixed}'.` });
          return;
        }
      }
      const reason = target.message;
      const hint = ref.startsWith('#') ? 'point it at an existing definition (#/definitions/<Name>)' : 'check the file name and the pointer after #';
      ctx.report({ node, property: '$ref', at: 'value', message: `$ref does not resolve: ${reason}; ${hint}.` });
    },
  }),
});
