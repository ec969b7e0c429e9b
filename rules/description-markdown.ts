import { defineRule, offsetRange, scalarOffsets } from '../src/lint/rule.js';
import { findConstructs, type ConstructName } from '../src/markdown/constructs.js';

const instead: Record<ConstructName, string> = {
  table: 'write the rows as a list',
  image: 'describe it in words; a description cannot show an image',
  link: 'write the address as text or as `code`, or move it to externalDocs',
  autolink: 'write the address without the angle brackets, as text or as `code`',
  'raw HTML block': 'write it in Markdown, or escape the `<` as `\\<`',
  'raw HTML tag': 'write it in Markdown, put it in `code`, or escape the `<` as `\\<` (a placeholder such as `<name>` is a tag to a renderer, and vanishes)',
  'block quote': 'write a plain paragraph, in *italic* if it must stand out',
  strikethrough: 'remove the struck-out text',
};

const article = (name: string) => (/^[aeiou]/i.test(name) ? 'An' : 'A');

export default defineRule({
  meta: {
    id: 'description-markdown',
    category: 'convention',
    severity: 'warn',
    description: 'Descriptions use only the Markdown swaglint supports: headings, emphasis, code, rules, lists, paragraphs.',
    docs: `Descriptions (of the info object, tags, operations, parameters, responses, headers, schemas and
their properties, security schemes and externalDocs) are Markdown, and the interface conventions
support a small part of it: headings, *italic*, **bold**, \`monospace\` (inline code and code blocks),
horizontal rules, bullet and numbered lists, paragraphs and line breaks. Anything else (a table, an
image, a link or autolink, raw HTML, a block quote, ~~strikethrough~~) renders differently or not at
all across the tools that read the document, and raw HTML is a way to smuggle script into a portal.

Each construct is reported by name at its own line and column in the file: inside a YAML literal
(\`|\`) or folded (\`>\`) block, a plain or quoted YAML scalar (through escapes and line folding), or a
JSON string (through \`\\n\`, \`\\"\` and \`\\uXXXX\` escapes). The Markdown is parsed with
[markdown-it](https://github.com/markdown-it/markdown-it) (CommonMark plus tables and strikethrough;
linkify off), the same parser \`swaglint render\` uses, so a bare address such as https://example.com
in a sentence is text, not a link, and \`3 * 4\` is arithmetic, not emphasis.

Fails:

\`\`\`yaml
info:
  description: |
    Orders API. See [the guide](https://example.com/guide).

    > Deprecated endpoints are marked.
\`\`\`

Passes:

\`\`\`yaml
info:
  description: |
    # Orders API

    Manage **orders** and their \`lines\`:

    - create an order
    - cancel an order

    The guide is at https://example.com/guide.
\`\`\``,
  },
  create: (ctx) => ({
    Description(text, node) {
      const found = findConstructs(text);
      if (found.length === 0) return;
      // offsets into the file only for a description with findings: most have none
      const offsets = scalarOffsets(node.source, node.pointer, text);
      for (const c of found) {
        const shown = text.slice(c.start, c.end).split('\n')[0]!;
        const quoted = shown.length > 40 ? shown.slice(0, 39) + '…' : shown;
        const range = offsets ? offsetRange(node.source, offsets[c.start]!, offsets[Math.max(c.start, c.end - 1)]! + 1) : undefined;
        ctx.report({
          node,
          at: 'value',
          ...(range ? { range } : {}),
          message: `${article(c.name)} ${c.name} ('${quoted}') is not supported in descriptions; ${instead[c.name]}.`,
        });
      }
    },
  }),
});
