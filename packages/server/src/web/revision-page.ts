import type { Finding, RevisionSummary } from '../store.js';
import { codeFrame, type LineTable } from './code-frame.js';
import { escapeHtml as e, layout, path } from './html.js';

/** Findings on one page of a revision: the page's cost is bounded whatever the revision holds. */
export const findingsPerPage = 100;

export function findingHtml(f: Finding, table: LineTable | undefined): string {
  return `<section class="finding"><h3><span class="${f.severity}">${f.severity}</span> ${e(f.message)} <span class="rule">${e(f.rule_id)}</span></h3><div>${e(f.file)}:${f.start_line + 1}:${f.start_character + 1}</div>${codeFrame(table, f)}</section>`;
}

/** Links to the other pages of a list of `total` items, `per` a page, this being `page` (1-based). */
export function pager(base: string, page: number, total: number, per: number): string {
  const pages = Math.max(1, Math.ceil(total / per));
  if (pages === 1) return '';
  const link = (n: number, label: string) => `<a href="${base}?page=${n}" rel="${n < page ? 'prev' : 'next'}">${label}</a>`;
  return `<nav class="pager">${page > 1 ? link(page - 1, '← previous') + ' ' : ''}page ${page} of ${pages}, findings ${(page - 1) * per + 1}–${Math.min(total, page * per)} of ${total}${page < pages ? ' ' + link(page + 1, 'next →') : ''}</nav>`;
}

export function revisionPage(revision: RevisionSummary, findings: readonly Finding[], tables: ReadonlyMap<string, LineTable>, page: number): string {
  const total = revision.errors + revision.warnings + revision.infos + revision.hints;
  const items = findings.map((f) => findingHtml(f, tables.get(f.file))).join('\n');
  const nav = pager(path('ui', 'apis', revision.api_id, 'revisions', revision.id), page, total, findingsPerPage);
  const previous = revision.id > 1 ? ` · <a href="${path('ui', 'apis', revision.api_id, 'revisions', revision.id, 'diff')}?from=${revision.id - 1}">changes since #${revision.id - 1}</a>` : '';
  return layout(
    `${revision.api_id} #${revision.id}`,
    `<h1>${e(revision.api_id)} <small>revision ${revision.id}</small></h1>
<p>${e(revision.title ?? '')} ${e(revision.version ?? '')} · published ${e(revision.published_at.slice(0, 19).replace('T', ' '))} by ${e(revision.published_by)} ·
<span class="${revision.errors ? 'error' : 'ok'}">${revision.errors} errors</span>, <span class="${revision.warnings ? 'warn' : 'ok'}">${revision.warnings} warnings</span>, ${revision.infos + revision.hints} other${previous}</p>
${nav}${items || (total === 0 ? '<p class="ok">No findings.</p>' : '<p>No findings on this page.</p>')}${nav}`,
  );
}
