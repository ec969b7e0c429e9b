import type { FindingsDiff } from '../diff.js';
import type { Finding, RevisionSummary } from '../store.js';
import { escapeHtml as e, layout, path } from './html.js';

/** The most findings of each kind a diff page lists; the REST API lists all. */
const shown = 200;

function rows(findings: readonly Finding[]): string {
  const listed = findings
    .slice(0, shown)
    .map((f) => `<tr><td class="${f.severity}">${f.severity}</td><td class="rule">${e(f.rule_id)}</td><td>${e(f.file)}:${f.start_line + 1}:${f.start_character + 1}</td><td>${e(f.message)}</td></tr>`)
    .join('\n');
  const more = findings.length > shown ? `<tr><td colspan="4">… and ${findings.length - shown} more; the REST API lists all.</td></tr>` : '';
  return listed || more ? `<table><thead><tr><th>Severity</th><th>Rule</th><th>Where</th><th>Message</th></tr></thead><tbody>${listed}${more}</tbody></table>` : '<p>None.</p>';
}

export function diffPage(from: RevisionSummary, to: RevisionSummary, diff: FindingsDiff<Finding>): string {
  const link = (r: RevisionSummary) => `<a href="${path('ui', 'apis', r.api_id, 'revisions', r.id)}">#${r.id}</a>`;
  return layout(
    `${to.api_id} #${from.id} → #${to.id}`,
    `<h1>${e(to.api_id)}: revision ${link(from)} → ${link(to)}</h1>
<p><span class="${diff.new.length ? 'error' : 'ok'}">${diff.new.length} new</span>, <span class="ok">${diff.fixed.length} fixed</span>, ${diff.unchanged.length} unchanged.</p>
<h2>New in #${to.id}</h2>${rows(diff.new)}
<h2>Fixed since #${from.id}</h2>${rows(diff.fixed)}`,
  );
}
