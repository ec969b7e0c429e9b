import { defineRule, type JsonObject, type Node, type Report, type RuleContext } from '../src/lint/rule.js';
import { rangeOf } from '../src/lint/rule-helpers.js';
import { addEntryFix } from './lib/add-entry.js';
import { openapiVersion } from '../src/formats/openapi3/version.js';

const descriptionStub = 'TODO: say in a sentence or more what this API is for.';

/** What each field is for, as the info rules say when it is missing or empty. */
export const infoWhy = {
  title: 'give the API a title, such as "Orders API".',
  version: 'give the version of the API (not of Swagger or OpenAPI) as a string, such as "1.0".',
  description: 'say in a sentence or more what the API is for (Markdown is allowed).',
} as const;

/** The info rules' messages; `info-nonempty` shares `empty`. */
export const infoMessages = {
  noInfo: 'The document has no info object, so no info.{{field}}; add info with {{field}}.',
  missing: 'info.{{field}} is missing; {{why}}',
  number: 'info.{{field}} is the number {{shown}}, not a string; quote it: {{field}}: "{{shown}}".',
  notString: 'info.{{field}} is a {{type}}, not a string; write it as a string.',
  empty: 'info.{{field}} is empty; {{why}}',
} as const;

/**
 * Whether the info rules check this document: every Swagger 2.0 one, and an OpenAPI 3 one of a version
 * swaglint checks (another version's one finding is openapi-version's, never a cascade).
 */
export function checksInfo(ctx: RuleContext, doc: JsonObject): boolean {
  return ctx.format.id !== 'openapi3' || openapiVersion(doc).ok;
}

/**
 * The three info rules differ only in the field they require, so they share one factory: a missing
 * field is reported at `info:`, a wrong one at its own key. The specification requires `title` and
 * `version` (validity) but not `description` (convention). An empty title or version is present as
 * the schema asks, so it is `info-nonempty`'s, a convention; an empty description stays here.
 */
export function infoFieldRule(field: keyof typeof infoWhy) {
  const why = infoWhy[field];
  const id = `info-${field}`;
  const required = field !== 'description';
  const check = (ctx: RuleContext, doc: JsonObject, node: Node) => {
    const info = doc['info'];
    if (info === null || typeof info !== 'object' || Array.isArray(info)) {
      ctx.report({ node, property: info === undefined ? [] : 'info', messageId: 'noInfo', data: { field } });
      return;
    }
    const value = (info as JsonObject)[field];
    if (value === undefined || value === null) {
      const report: Report = { node, property: 'info', messageId: 'missing', data: { field, why } };
      // only a description gets a stub: a made-up title or version would be worse than none
      const fix = field === 'description' && value === undefined ? addEntryFix(node.source, ['info'], 'description', descriptionStub, 'Add an info.description stub') : undefined;
      if (fix) report.fix = fix;
      ctx.report(report);
    } else if (typeof value !== 'string') {
      // Quote what the author wrote (`1.0`), not what YAML made of it (`1`).
      const shown = typeof value === 'number' ? (rawText(node, ['info', field]) ?? JSON.stringify(value)) : JSON.stringify(value);
      ctx.report({
        node,
        property: ['info', field],
        at: 'value',
        ...(typeof value === 'number'
          ? { messageId: 'number', data: { field, shown } }
          : { messageId: 'notString', data: { field, type: Array.isArray(value) ? 'list' : typeof value } }),
      });
    } else if (!required && value.trim() === '') {
      ctx.report({ node, property: ['info', field], at: 'value', messageId: 'empty', data: { field, why } });
    }
  };
  return defineRule({
    meta: {
      id,
      category: required ? 'validity' : 'convention',
      formats: ['swagger2', 'openapi3'],
      severity: required ? 'error' : 'warn', // a missing description is house style, not an invalid document
      description: required ? `The info object has a \`${field}\` string.` : `The info object has a non-empty \`${field}\` string.`,
      messages: infoMessages,
      docs: `${why[0]!.toUpperCase() + why.slice(1)}

${required ? `Swagger 2.0, OpenAPI 3.0 and 3.1 all require it. On OpenAPI 3 the schema would say so too; this
rule's finding (which quotes a number as written: \`version: 1.0\` is the number 1) stands for both.` : `The same on Swagger 2.0, OpenAPI 3.0 and 3.1; an OpenAPI 3.1 \`summary\` is a short line beside it, not a
replacement for it.`}

Fails:

\`\`\`yaml
info:
  ${field === 'title' ? "version: '1.0'\n  # no title" : 'title: Orders'}
\`\`\`

Passes:

\`\`\`yaml
info:
  title: Orders
  version: '1.0'
  description: Orders and their lines.
\`\`\``,
    },
    create: (ctx) => ({
      Document(doc, node) {
        if (node.source !== ctx.document.root || !checksInfo(ctx, doc)) return;
        check(ctx, doc, node);
      },
    }),
  });
}

/** The source text of a scalar value, as written. */
function rawText(node: Node, pointer: string[]): string | undefined {
  const { source } = node;
  const range = rangeOf(source, node.pointer.concat(pointer), 'value');
  if (range.start.line !== range.end.line) return undefined;
  const line = source.text.split('\n', range.start.line + 1)[range.start.line] ?? '';
  return line.slice(range.start.character, range.end.character) || undefined;
}
