import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ApiSummary, Finding, RevisionSummary, Ruleset } from '../store.js';

// Server-rendered pages for people: no script at all, one inline style sheet allowed by its hash,
// and a Content-Security-Policy that refuses everything else (scripts, frames, fetches, forms).
// Every value from the database is escaped: a document's text and messages are hostile input.

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:.8rem 1.5rem;display:flex;justify-content:space-between}
header a{color:#fff;text-decoration:none;font-weight:600}
main{padding:1rem 1.5rem;max-width:1100px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #e3e6eb}
th{font-weight:600;background:#eef0f4}
.num{text-align:right;font-variant-numeric:tabular-nums}
.error{color:#b42318;font-weight:600}.warn{color:#a15c07;font-weight:600}.info,.hint{color:#475467}
.ok{color:#067647;font-weight:600}
.finding{background:#fff;border:1px solid #e3e6eb;border-radius:6px;margin:.8rem 0;padding:.6rem .8rem}
.finding h3{font-size:14px;margin:0 0 .4rem}
.rule{font-family:ui-monospace,monospace;color:#475467}
pre{background:#1d2330;color:#e3e6eb;padding:.5rem .7rem;border-radius:4px;overflow-x:auto;margin:.3rem 0 0}
pre .at{background:#5c2a2a}
svg polyline{fill:none;stroke-width:2}
.trend-errors{stroke:#b42318}.trend-warnings{stroke:#a15c07}
`;

const styleHash = createHash('sha256').update(style).digest('base64');

export const contentSecurityPolicy = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const e = escapeHtml;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · swaglint</title><style>${style}</style></head>
<body><header><a href="/">swaglint lint service</a><span>${e(title)}</span></header><main>${body}</main></body></html>`;
}

export function sendPage(response: ServerResponse, html: string): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  response.end(html);
}

const path = (...segments: Array<string | number>) => '/' + segments.map((s) => encodeURIComponent(String(s))).join('/');

/** Errors and warnings over the revisions, as two polylines in an inline SVG. */
function trend(revisions: readonly RevisionSummary[]): string {
  if (revisions.length < 2) return '<span class="info">one revision</span>';
  const last = revisions.slice(-30);
  const max = Math.max(1, ...last.map((r) => Math.max(r.errors, r.warnings)));
  const line = (pick: (r: RevisionSummary) => number) => last.map((r, i) => `${((i / (last.length - 1)) * 118 + 1).toFixed(1)},${(29 - (pick(r) / max) * 28).toFixed(1)}`).join(' ');
  const label = `errors ${last.map((r) => r.errors).join(' → ')}; warnings ${last.map((r) => r.warnings).join(' → ')}`;
  return `<svg width="120" height="30" viewBox="0 0 120 30" role="img" aria-label="${e(label)}"><title>${e(label)}</title><polyline class="trend-warnings" points="${line((r) => r.warnings)}"/><polyline class="trend-errors" points="${line((r) => r.errors)}"/></svg>`;
}

function counts(r: RevisionSummary): string {
  return `<td class="num ${r.errors ? 'error' : 'ok'}">${r.errors}</td><td class="num ${r.warnings ? 'warn' : 'ok'}">${r.warnings}</td>`;
}

export function dashboardPage(apis: readonly ApiSummary[], revisions: ReadonlyMap<string, readonly RevisionSummary[]>, viewer: string): string {
  const rows = apis
    .map((a) => {
      const latest = a.latest;
      const revision = latest ? `<a href="${path('ui', 'apis', a.id, 'revisions', latest.id)}">#${latest.id}</a> ${e(latest.published_at.slice(0, 16).replace('T', ' '))}` : '—';
      return `<tr class="api"><td><a href="${path('ui', 'apis', a.id)}">${e(a.id)}</a></td><td>${e(latest?.title ?? '')}</td><td>${revision}</td>${latest ? counts(latest) : '<td></td><td></td>'}<td>${trend(revisions.get(a.id) ?? [])}</td><td><a href="${path('ui', 'rulesets', a.ruleset_id)}">${e(a.ruleset_id)}</a></td></tr>`;
    })
    .join('\n');
  return layout(
    'APIs',
    `<p>Signed in as <strong>${e(viewer)}</strong>. ${apis.length} API${apis.length === 1 ? '' : 's'}.</p>
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

/** Two lines either side of the finding, the finding's lines marked (1-based numbers, as editors show). */
export function codeFrame(text: string | undefined, finding: Finding): string {
  if (text === undefined) return '';
  const lines = text.split(/\r?\n/);
  const from = Math.max(0, finding.start_line - 2);
  const to = Math.min(lines.length - 1, finding.end_line + 2);
  const width = String(to + 1).length;
  const out: string[] = [];
  for (let i = from; i <= to; i++) {
    const at = i >= finding.start_line && i <= finding.end_line;
    const line = (lines[i] ?? '').slice(0, 300);
    const number = String(i + 1).padStart(width);
    out.push(at ? `<span class="at">${e(`${number} | ${line}`)}</span>` : e(`${number} | ${line}`));
  }
  return `<pre>${out.join('\n')}</pre>`;
}

export function revisionPage(revision: RevisionSummary, findings: readonly Finding[], files: ReadonlyMap<string, string>): string {
  const items = findings
    .slice(0, 1000)
    .map(
      (f) =>
        `<section class="finding"><h3><span class="${f.severity}">${f.severity}</span> ${e(f.message)} <span class="rule">${e(f.rule_id)}</span></h3><div>${e(f.file)}:${f.start_line + 1}:${f.start_character + 1}</div>${codeFrame(files.get(f.file), f)}</section>`,
    )
    .join('\n');
  const more = findings.length > 1000 ? `<p>The first 1000 of ${findings.length} findings; the REST API lists all.</p>` : '';
  return layout(
    `${revision.api_id} #${revision.id}`,
    `<h1>${e(revision.api_id)} <small>revision ${revision.id}</small></h1>
<p>${e(revision.title ?? '')} ${e(revision.version ?? '')} · published ${e(revision.published_at.slice(0, 19).replace('T', ' '))} by ${e(revision.published_by)} ·
<span class="${revision.errors ? 'error' : 'ok'}">${revision.errors} errors</span>, <span class="${revision.warnings ? 'warn' : 'ok'}">${revision.warnings} warnings</span>, ${revision.infos + revision.hints} other</p>
${items || '<p class="ok">No findings.</p>'}${more}`,
  );
}

export function rulesetPage(ruleset: Ruleset): string {
  const rows = Object.entries(ruleset.rules)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, level]) => `<tr><td class="rule">${e(id)}</td><td class="${e(level)}">${e(level)}</td></tr>`)
    .join('\n');
  return layout(
    `ruleset ${ruleset.id}`,
    `<h1>Ruleset ${e(ruleset.id)}</h1><p>Preset <strong>${e(ruleset.preset)}</strong>, changed ${e(ruleset.updated_at.slice(0, 19).replace('T', ' '))}${ruleset.updated_by ? ` by ${e(ruleset.updated_by)}` : ''}.</p>
<table><thead><tr><th>Rule</th><th>Severity</th></tr></thead><tbody>${rows || '<tr><td colspan="2">The preset as it is.</td></tr>'}</tbody></table>`,
  );
}
