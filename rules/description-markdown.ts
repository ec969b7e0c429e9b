import { defineRule, type Node } from '../src/lint/rule.js';
import { fields31, openapiVersion } from '../src/formats/openapi3/version.js';
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

/**
 * OpenAPI 3's Markdown is CommonMark, which has no tables and no strikethrough: a tool that follows the
 * specification shows the pipes or the tildes as text, one that reads GFM shows a table. Either way
 * the readers of one of them see what the author did not mean.
 */
const notCommonMark: ReadonlySet<ConstructName> = new Set<ConstructName>(['table', 'strikethrough']);

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
  // the first line only, found without splitting the rest: a table or an HTML block runs for kilobytes
  const nl = text.indexOf('\n', c.start);
  const shown = text.slice(c.start, nl === -1 || nl > c.end ? c.end : nl);
  return shown.length > 40 ? shown.slice(0, 39) + '…' : shown;
}

export default defineRule<Options>({
  meta: {
    id: 'description-markdown',
    reach: 'node',
    category: 'convention',
    formats: ['swagger2', 'openapi3'],
    severity: 'warn',
    description: 'Descriptions use only the Markdown swaglint supports: headings, emphasis, code, rules, lists, paragraphs.',
    messages: {
      unsupported: "{{article}} {{name}} ('{{text}}') is not supported in descriptions; {{instead}}.",
      unsupportedMany: "{{count}} {{name}}s (the first: '{{text}}') are not supported in descriptions; {{instead}}.",
      // OpenAPI 3: what GitHub's Markdown has and CommonMark has not (a table, strikethrough)
      notCommonMark: "{{article}} {{name}} ('{{text}}') is not CommonMark, the Markdown of OpenAPI 3: tools that follow the specification show it as plain text; {{instead}}.",
      notCommonMarkMany: "{{count}} {{name}}s (the first: '{{text}}') are not CommonMark, the Markdown of OpenAPI 3: tools that follow the specification show them as plain text; {{instead}}.",
    },
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
description holds (\`3 links (the first: '[guide](…') are not supported…\`); the finding lists each
occurrence (the first hundred) as a related location, which editors show. Each is placed at its own line and column in the file: inside a YAML literal
(\`|\`) or folded (\`>\`) block, a plain or quoted YAML scalar (through escapes and line folding), or a
JSON string (through \`\\n\`, \`\\"\` and \`\\uXXXX\` escapes). The Markdown is parsed with
[markdown-it](https://github.com/markdown-it/markdown-it) (CommonMark plus tables and strikethrough;
linkify off), the same parser \`swaglint render\` uses, so a bare address such as https://example.com
in a sentence is text, not a link, and \`3 * 4\` is arithmetic, not emphasis.

**OpenAPI 3.0 and 3.1.** Their Markdown is CommonMark (the specification says so; Swagger 2.0 names
GitHub Flavored Markdown), and the house conventions about descriptions stand as they are, so the rule
runs on them too, deciding each construct by what CommonMark makes of it:

| construct | what CommonMark makes of it | on OpenAPI 3 |
|---|---|---|
| link, autolink, image, raw HTML (block or tag), block quote | the same as GFM: the construct | reported, as on Swagger 2.0 |
| table, strikethrough | not CommonMark: the pipes and the tildes are plain text, while GFM tools (many portals) draw a table or strike through | reported, saying it is not CommonMark |
| headings, emphasis, code, rules, lists, paragraphs | the same as GFM | supported |

\`swaglint render\` draws an OpenAPI 3 description as CommonMark (a table stays text), a Swagger 2.0 one
as GFM. The places read are every \`description\` the OpenAPI 3 kinds table marks as Markdown
(\`src/formats/openapi3/kinds.ts\`): the info object, servers and their variables, path items (under
\`paths\`, \`webhooks\`, callbacks and \`components.pathItems\`), operations, parameters, request bodies,
responses, headers, schemas at any depth (3.1's JSON Schema keywords such as \`$defs\`, \`prefixItems\` and
\`if\`/\`then\` included), security schemes, tags, externalDocs, links and examples; and the
\`description\` beside a \`$ref\` where the specification gives it meaning (a 3.1 Reference Object, whose
\`description\` replaces the target's, and a Path Item in 3.0 and 3.1; 3.0 ignores fields beside other
\`$ref\`s, and so does the rule). A \`summary\` is plain text, not Markdown, in both versions.

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
      // nothing allowed (the default): findConstructs' own answer, kept per text across the document
      // (its cheap test first), without a second map and a copy per text here
      if (allowed.size === 0) return findConstructs(text);
      // the cheap test first: a plain sentence is neither hashed nor kept
      if (!mayHoldConstruct(text)) return [];
      let found = parsed.get(text);
      if (!found) parsed.set(text, (found = findConstructs(text).filter((c) => !allowed.has(c.name))));
      return found;
    };
    // OpenAPI 3.1's Reference Object has its own `description`, which replaces the target's where the
    // `$ref` is (3.0 ignores any field beside `$ref`); a Path Item's fields beside its `$ref` are its
    // own in both. The walk fires `Description` for objects, not for references: read them here.
    const openapi3 = ctx.format.id === 'openapi3';
    const version = openapi3 ? openapiVersion(ctx.document.root.value) : undefined;
    const refDescribed = (kind: string) => ctx.format.kinds.described.has(kind) && ((version?.ok && fields31(version.version)) || kind === 'PathItem');
    const check = (text: string, node: Node) => {
      const found = constructs(text);
      if (found.length === 0) return;
      // offsets into the file only for a description with findings: most have none
      const offsets = scalarOffsets(node.source, node.pointer, text);
      const rangeOf = (c: Construct): Range | undefined => (offsets ? offsetRange(node.source, offsets.at(c.start), offsets.at(Math.max(c.start, c.end - 1)) + 1) : undefined);
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
        const gfmOnly = openapi3 && notCommonMark.has(name);
        const messageId = (gfmOnly ? 'notCommonMark' : 'unsupported') + (all.length === 1 ? '' : 'Many');
        const data = { article: article(name), name, text: quoted(text, first), instead: instead[name], count: all.length };
        // the first hundred as related locations: a generated description can hold tens of thousands
        const related = all.length > 1 ? all.slice(0, maxRelated).flatMap((c) => {
          const at = rangeOf(c);
          return at ? [{ range: at, message: `${article(name)} ${name}: '${quoted(text, c)}'` }] : [];
        }) : [];
        ctx.report({ node, at: 'value', ...(range ? { range } : {}), messageId, data, ...(related.length ? { related } : {}) });
      }
    };
    return {
      Description: check,
      Ref(_ref, node) {
        const value = node.value;
        if (!openapi3 || node.kind !== 'Ref' || !refDescribed(node.refKind) || value === null || typeof value !== 'object') return;
        const text = (value as Record<string, unknown>)['description'];
        if (typeof text === 'string') check(text, ctx.child(node, 'description', text, 'Description'));
      },
    };
  },
});
