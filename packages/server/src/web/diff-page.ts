import type { Finding, RevisionSummary } from '../store.js';
import { escapeHtml as e, layout, path } from './html.js';

/** The most findings of each kind a diff page lists; the REST API lists all, a page at a time. */
export const shownPerChange = 200;

function rows(findings: readonly Finding[], total: number): string {
  const listed = findings
    .map((f) => `<tr><td class="${f.severity}">${f.severity}</td><td class="rule">${e(f.rule_id)}</td><td>${e(f.file)}:${f.start_line + 1}:${f.start_character + 1}</td><td>${e(f.message)}</td></tr>`)
    .join('\n');
  const more = total > findings.length ? `<tr><td colspan="4">… and ${total - findings.length} more; the REST API lists all.</td></tr>` : '';
  return listed || more ? `<table><thead><tr><th>Severity</th><th>Rule</th><th>Where</th><th>Message</th></tr></thead><tbody>${listed}${more}</tbody></table>` : '<p>None.</p>';
}

/** `added` and `fixed`: the first findings of each (up to shownPerChange); `counts`: how many there are. */
export function diffPage(from: RevisionSummary, to: RevisionSummary, counts: { new: number; fixed: number; unchanged: number }, added: readonly Finding[], fixed: readonly Finding[]): string {
  const link = (r: RevisionSummary) => `<a href="${path('ui', 'apis', r.api_id, 'revisions', r.id)}">#${r.id}</a>`;
  return layout(
    `${to.api_id} #${from.id} → #${to.id}`,
    `<h1>${e(to.api_id)}: revision ${link(from)} → ${link(to)}</h1>
<p><span class="${counts.new ? 'error' : 'ok'}">${counts.new} new</span>, <span class="ok">${counts.fixed} fixed</span>, ${counts.unchanged} unchanged.</p>
<h2>New in #${to.id}</h2>${rows(added, counts.new)}
<h2>Fixed since #${from.id}</h2>${rows(fixed, counts.fixed)}`,
  );
}
