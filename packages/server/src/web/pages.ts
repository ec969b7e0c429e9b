import type { ApiSummary, RevisionSummary, Ruleset } from '../store.js';
import { escapeHtml as e, layout, path } from './html.js';

/** How many of the latest revisions a trend shows. */
export const trendLength = 30;

/** Errors and warnings over the revisions, as two polylines in an inline SVG. */
function trend(revisions: readonly RevisionSummary[]): string {
  if (revisions.length < 2) return '<span class="info">one revision</span>';
  const last = revisions.slice(-trendLength);
  const max = Math.max(1, ...last.map((r) => Math.max(r.errors, r.warnings)));
  const line = (pick: (r: RevisionSummary) => number) => last.map((r, i) => `${((i / (last.length - 1)) * 118 + 1).toFixed(1)},${(29 - (pick(r) / max) * 28).toFixed(1)}`).join(' ');
  const label = `errors ${last.map((r) => r.errors).join(' → ')}; warnings ${last.map((r) => r.warnings).join(' → ')}`;
  return `<svg width="120" height="30" viewBox="0 0 120 30" role="img" aria-label="${e(label)}"><title>${e(label)}</title><polyline class="trend-warnings" points="${line((r) => r.warnings)}"/><polyline class="trend-errors" points="${line((r) => r.errors)}"/></svg>`;
}

function counts(r: RevisionSummary): string {
  return `<td class="num ${r.errors ? 'error' : 'ok'}">${r.errors}</td><td class="num ${r.warnings ? 'warn' : 'ok'}">${r.warnings}</td>`;
}

export function dashboardPage(apis: readonly ApiSummary[], revisions: ReadonlyMap<string, readonly RevisionSummary[]>, viewer: string, session = false): string {
  // a browser session ends here; a bearer token or the proxy's user is not the page's to end
  const signOut = session ? ' <form class="signout" method="post" action="/signout"><button type="submit">Sign out</button></form>' : '';
  const rows = apis
    .map((a) => {
      const latest = a.latest;
      const revision = latest ? `<a href="${path('ui', 'apis', a.id, 'revisions', latest.id)}">#${latest.id}</a> ${e(latest.published_at.slice(0, 16).replace('T', ' '))}` : '—';
      return `<tr class="api"><td><a href="${path('ui', 'apis', a.id)}">${e(a.id)}</a></td><td>${e(latest?.title ?? '')}</td><td>${revision}</td>${latest ? counts(latest) : '<td></td><td></td>'}<td>${trend(revisions.get(a.id) ?? [])}</td><td><a href="${path('ui', 'rulesets', a.ruleset_id)}">${e(a.ruleset_id)}</a> · <a href="${path('ui', 'apis', a.id, 'rules')}">rules</a></td></tr>`;
    })
    .join('\n');
  return layout(
    'APIs',
    `<p>Signed in as <strong>${e(viewer)}</strong>.${signOut} ${apis.length} API${apis.length === 1 ? '' : 's'}. <a href="/ui/statistics">Findings per rule per week</a>.</p>
<table><thead><tr><th>API</th><th>Title</th><th>Latest revision</th><th class="num">Errors</th><th class="num">Warnings</th><th>Trend</th><th>Ruleset</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function apiPage(api: ApiSummary, revisions: readonly RevisionSummary[]): string {
  const rows = [...revisions]
    .reverse()
    .map((r) => `<tr><td><a href="${path('ui', 'apis', api.id, 'revisions', r.id)}">#${r.id}</a></td><td>${e(r.published_at.slice(0, 19).replace('T', ' '))}</td><td>${e(r.published_by)}</td><td>${e(r.version ?? '')}</td>${counts(r)}</tr>`)
    .join('\n');
  return layout(
    api.id,
    `<h1>${e(api.id)}</h1><p>Ruleset <a href="${path('ui', 'rulesets', api.ruleset_id)}">${e(api.ruleset_id)}</a>. Trend: ${trend(revisions)}</p>
<table><thead><tr><th>Revision</th><th>Published</th><th>By</th><th>Version</th><th class="num">Errors</th><th class="num">Warnings</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function rulesetPage(ruleset: Ruleset): string {
  const rows = Object.entries(ruleset.rules)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, entry]) => {
      // a rule of the ruleset's own: its severity (Spectral's default, warn) and what it checks
      const level = typeof entry === 'string' ? entry : ownSeverity(entry['severity']);
      const what = typeof entry === 'string' ? '' : ` <span class="own">(the ruleset's own rule${typeof entry['description'] === 'string' ? `: ${e(entry['description'])}` : ''})</span>`;
      return `<tr><td class="rule">${e(id)}${what}</td><td class="${e(level)}">${e(level)}</td></tr>`;
    })
    .join('\n');
  return layout(
    `ruleset ${ruleset.id}`,
    `<h1>Ruleset ${e(ruleset.id)}</h1><p>Preset <strong>${e(ruleset.preset)}</strong>, changed ${e(ruleset.updated_at.slice(0, 19).replace('T', ' '))}${ruleset.updated_by ? ` by ${e(ruleset.updated_by)}` : ''}.</p>
<table><thead><tr><th>Rule</th><th>Severity</th></tr></thead><tbody>${rows || '<tr><td colspan="2">The preset as it is.</td></tr>'}</tbody></table>`,
  );
}

/** A stored rule's severity as Spectral writes it (a name, or 0 to 3), as the page shows it. */
function ownSeverity(value: unknown): string {
  if (typeof value === 'number') return ['error', 'warn', 'info', 'hint'][value] ?? 'warn';
  if (value === 'warning') return 'warn';
  if (value === 'information') return 'info';
  if (value === false) return 'off';
  return typeof value === 'string' ? value : 'warn';
}

export function signedOutPage(): string {
  return layout('Signed out', '<h1>Signed out</h1><p>Your session has ended. <a href="/signin">Sign in again</a>.</p>');
}
