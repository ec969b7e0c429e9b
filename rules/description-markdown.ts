import { defineRule } from '../src/lint/rule.js';
import { offsetRange, scalarOffsets } from '../src/lint/rule-helpers.js';
import { findConstructs, mayHoldConstruct, type Construct, type ConstructName } from '../src/markdown/constructs.js';
import type { Range } from '../src/types.js';

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

const maxRelated = 100;

const article = (name: string) => (/^[aeiou]/i.test(name) ? 'An' : 'A');

/** The names a configuration allows constructs by (`allow: [link, table]`), and what each covers. */
const allowNames = {
  table: ['table'],
  image: ['image'],
  link: ['link'],
  autolink: ['autolink'],
  html: ['raw HTML block', 'raw HTML tag'],
  'html-block': ['raw HTML block'],
  'html-tag': ['raw HTML tag'],
  blockquote: ['block quote'],
  strikethrough: ['strikethrough'],
} as const satisfies Record<string, readonly ConstructName[]>;
type AllowName = keyof typeof allowNames;

interface Options {
  allow: AllowName[];
}

/** The start of a construct's text, as a message quotes it. */
function quoted(text: string, c: Construct): string {
  const shown = text.slice(c.start, c.end).split('\n')[0]!;
  return shown.length > 40 ? shown.slice(0, 39) + '…' : shown;
}

export default defineRule<Options>({
  meta: {
    id: 'description-markdown',
    category: 'convention',
    formats: ['swagger2'],
    severity: 'warn',
    description: 'Descriptions use only the Markdown swaglint supports: headings, emphasis, code, rules, lists, paragraphs.',
    options: {
      type: 'object',
      properties: {
        allow: {
          type: 'array',
          items: { enum: Object.keys(allowNames) },
          uniqueItems: true,
          description: 'Constructs this project accepts in descriptions, by name.',
        },
      },
      additionalProperties: false,
    },
    defaults: { allow: [] },
    docs: `Descriptions (of the info object, tags, operations, parameters, responses, headers, schemas and
their properties, security schemes and externalDocs) are Markdown, and the interface conventions
support a small part of it: headings, *italic*, **bold**, \`monospace\` (inline code and code blocks),
horizontal rules, bullet and numbered lists, paragraphs and line breaks. Anything else (a table, an
image, a link or autolink, raw HTML, a block quote, ~~strikethrough~~) renders differently or not at
all across the tools that read the document, and raw HTML is a way to smuggle script into a portal.

A team adopting swaglint on an API whose descriptions use some of these on purpose can allow them by
name, keeping the rest reported: \`description-markdown: [warn, {allow: [link, table]}]\`. The names
are \`table\`, \`image\`, \`link\`, \`autolink\`, \`html\` (both of the next two), \`html-block\`,
\`html-tag\`, \`blockquote\` and \`strikethrough\`.

Each kind of construct is reported once per description, at its first occurrence, with how many the
description holds ("3 links (the first: '[guide](…') are not supported…"); the finding lists each
occurrence (the first hundred) as a related location, which editors show. Each is placed at its own line and column in the file: inside a YAML literal
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
  create: (ctx, { allow }) => {
    const allowed = new Set<ConstructName>(allow.flatMap((name) => allowNames[name]));
    // one parse per distinct text: generated documents repeat a description at every use of a
    // parameter or a schema (the 4 MB DocuSign document: 757 descriptions to parse, 285 distinct)
    const parsed = new Map<string, Construct[]>();
    const constructs = (text: string): readonly Construct[] => {
      // the cheap test first: a plain sentence is neither hashed nor kept
      if (!mayHoldConstruct(text)) return [];
      let found = parsed.get(text);
      if (!found) parsed.set(text, (found = findConstructs(text).filter((c) => !allowed.has(c.name))));
      return found;
    };
    return {
      Description(text, node) {
        const found = constructs(text);
        if (found.length === 0) return;
        // offsets into the file only for a description with findings: most have none
        const offsets = scalarOffsets(node.source, node.pointer, text);
        const rangeOf = (c: Construct): Range | undefined => (offsets ? offsetRange(node.source, offsets[c.start]!, offsets[Math.max(c.start, c.end - 1)]! + 1) : undefined);
        // one finding per kind, in order of first occurrence: a description with 40 links is one
        // thing to fix, and a report of 40 lines for it buries the rest
        const kinds = new Map<ConstructName, Construct[]>();
        for (const c of found) {
          const same = kinds.get(c.name);
          if (same) same.push(c);
          else kinds.set(c.name, [c]);
        }
        for (const [name, all] of kinds) {
          const first = all[0]!;
          const range = rangeOf(first);
          const message =
            all.length === 1
              ? `${article(name)} ${name} ('${quoted(text, first)}') is not supported in descriptions; ${instead[name]}.`
              : `${all.length} ${name}s (the first: '${quoted(text, first)}') are not supported in descriptions; ${instead[name]}.`;
          // the first hundred as related locations: a generated description can hold tens of thousands
          const related = all.length > 1 ? all.slice(0, maxRelated).flatMap((c) => {
            const at = rangeOf(c);
            return at ? [{ range: at, message: `${article(name)} ${name}: '${quoted(text, c)}'` }] : [];
          }) : [];
          ctx.report({ node, at: 'value', ...(range ? { range } : {}), message, ...(related.length ? { related } : {}) });
        }
      },
    };
  },
});
