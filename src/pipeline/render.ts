// `renderDocument` and `swaglint render`: the page for a document, laid out as its format says
// (`ApiFormat.render`). The page itself (src/markdown/render-document.ts) knows no format.
import type { ApiFormat } from '../lint/format.js';
import { formats } from '../formats/index.js';
import { declaredFormat, fieldList, formatNames, versionFields } from '../formats/sniff.js';
import { renderPage, type SwaggerDocument } from '../markdown/render-document.js';
import { readDocument } from '../load/read-document.js';
import { parseSource } from '../load/source.js';
import { lineTable } from '../load/line-table.js';
import { UserError } from '../errors.js';

export type { SwaggerDocument };

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The format a document is rendered as: the one whose version field it has, else the first that renders. */
export function renderFormatOf(doc: Record<string, unknown>, among: readonly ApiFormat[] = formats): ApiFormat | undefined {
  const declared = declaredFormat(doc, among);
  return declared?.render ? declared : among.find((f) => f.render !== undefined);
}

/**
 * One self-contained HTML page for a document: inline CSS, no script, nothing fetched (a Content
 * Security Policy says so to the browser too), every description rendered by the Markdown instance
 * the `description-markdown` rule checks with (as CommonMark for OpenAPI 3, GFM for Swagger 2.0), and
 * every other text from the document escaped.
 */
export function renderDocument(doc: SwaggerDocument): string {
  const format = isObj(doc) ? renderFormatOf(doc) : undefined;
  if (!format?.render) throw new TypeError(`renderDocument takes ${article(formatNames())} document: an object with a ${fieldList(versionFields())} field.`);
  return renderPage(doc, format.render);
}

/** Why a parsed file is not rendered (it names no format's version field), or undefined when it is. */
export function notRenderable(root: unknown): string | undefined {
  if (isObj(root) && declaredFormat(root) !== undefined) return undefined;
  return `is not ${article(formatNames())} document (no top-level ${fieldList(versionFields())} field)`;
}

/**
 * The page for a document file (`swaglint render`), read with the same limits as a lint. A file that
 * cannot be read or parsed, or names no format, is a user error; `shown` is its name in messages.
 */
export async function renderFile(file: string, shown: string): Promise<string> {
  const text = await readDocument(file);
  const parsed = parseSource(text, file);
  if (!parsed.ok) {
    const at = lineTable(parsed.problem.text)(parsed.problem.offset);
    throw new UserError(`${shown}:${at.line + 1}:${at.character + 1}: the document does not parse: ${parsed.problem.message}.`);
  }
  const root = parsed.source.value;
  const refused = notRenderable(root);
  if (refused !== undefined) throw new UserError(`${shown} ${refused}; nothing to render.`);
  return renderDocument(root as SwaggerDocument);
}

const article = (words: string) => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
