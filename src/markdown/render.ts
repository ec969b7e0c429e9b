import { markdown } from './instance.js';
import type { MarkdownDialect } from './dialect.js';

/**
 * A description's Markdown as an HTML fragment, with the instance the construct check uses: raw HTML
 * comes out as escaped text, `javascript:`, `vbscript:`, `data:` and `file:` links stay text, images
 * become their alt text and address (nothing is fetched), and every other character is escaped.
 * `dialect`: the document's Markdown (`commonmark` for OpenAPI 3, where a GFM table stays text).
 */
export function renderDescription(text: string, dialect: MarkdownDialect = 'gfm'): string {
  if (text.trim() === '') return '';
  return markdown(dialect).render(text, {});
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}
