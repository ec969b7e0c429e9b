import { defineRule, refOf, splitRef, type Node } from '../src/lint/rule.js';

export default defineRule({
  meta: {
    id: 'ref-resolves',
    category: 'validity',
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
  create: (ctx) => {
    const reported = new Set<string>(); // the files whose failure a walked $ref has reported
    return {
      Ref(ref, node) {
        // Only this $ref's own step: the next $ref of a chain is visited, and reported, where it is written.
        const target = ctx.resolveRef(node.source, ref);
        if (target.ok) return;
        const hash = ref.indexOf('#');
        const fragment = hash === -1 ? '' : ref.slice(hash + 1);
        if (fragment !== '' && !fragment.startsWith('/')) {
          // `#definitions/Pet`: go-openapi and others read it as `#/definitions/Pet`; say how to write it.
          const fixed = `${ref.slice(0, hash)}#/${fragment}`;
          if (ctx.resolveRef(node.source, fixed).ok) {
            ctx.report({ node, property: '$ref', at: 'value', severity: 'warn', message: `$ref '${ref}' lacks the '/' that starts a JSON pointer; write '${fixed}'.` });
            return;
          }
        }
        if (target.failure) reported.add(splitRef(node.source.uri, ref).uri);
        report(node, target.message, ref);
      },
      'Document:done'() {
        // A file that failed to load but that no walked $ref names (it hides behind a `$ref` where the walker
        // does not go, such as `definitions: {$ref: defs.json}`): find the $refs to it in the loaded files.
        const missed = [...ctx.document.failures.keys()].filter((uri) => !reported.has(uri));
        if (missed.length === 0) return;
        for (const source of ctx.document.sources.values()) {
          for (const { ref, pointer } of refsIn(source.value)) {
            const uri = splitRef(source.uri, ref).uri;
            if (!missed.includes(uri)) continue;
            const node = ctx.nodeAt(source, pointer, { kind: 'Ref' });
            report(node, ctx.document.failures.get(uri)!.message, ref);
          }
        }
      },
    };

    function report(node: Node, reason: string, ref: string) {
      const hint = ref.startsWith('#') ? 'point it at an existing definition (#/definitions/<Name>)' : 'check the file name and the pointer after #';
      ctx.report({ node, property: '$ref', at: 'value', message: `$ref does not resolve: ${reason}; ${hint}.` });
    }
  },
});

/** Keys whose values are data, not API description: a `$ref` there is literal (or a loader's business). */
const dataKeys = new Set(['default', 'example', 'examples', 'enum', 'x-example']);
/** Maps whose keys are names, where `default` or `example` names a schema or property. */
const nameMaps = new Set(['definitions', 'properties', 'parameters', 'responses', 'headers', 'securityDefinitions']);

/** Every `{ $ref: string }` in a value outside data, with its pointer (iterative: documents can be deep). */
function refsIn(root: unknown): Array<{ ref: string; pointer: string[] }> {
  const found: Array<{ ref: string; pointer: string[] }> = [];
  const stack: Array<[unknown, string[]]> = [[root, []]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    const ref = refOf(value);
    if (ref !== undefined) found.push({ ref, pointer });
    const named = nameMaps.has(pointer[pointer.length - 1] ?? '');
    for (const [key, child] of Object.entries(value)) {
      if (!named && (dataKeys.has(key) || key.startsWith('x-'))) continue;
      stack.push([child, [...pointer, key]]);
    }
  }
  return found;
}
