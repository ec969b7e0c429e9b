import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

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
.pager{margin:.6rem 0}
.signout{display:inline}
svg polyline{fill:none;stroke-width:2}
.trend-errors{stroke:#b42318}.trend-warnings{stroke:#a15c07}
`;

const styleHash = createHash('sha256').update(style).digest('base64');

export const contentSecurityPolicy = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

const entities: Readonly<Record<string, string>> = { '&': '&#38;', '<': '&#60;', '>': '&#62;', '"': '&#34;', "'": '&#39;' };
const special = /[&<>"']/;

export function escapeHtml(text: string): string {
  // most text (code frames' indentation, rule ids) has nothing to escape: a page escapes thousands of strings
  return special.test(text) ? text.replace(/[&<>"']/g, (c) => entities[c]!) : text;
}

const e = escapeHtml;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · swaglint</title><style>${style}</style></head>
<body><header><a href="/">swaglint lint service</a><span>${e(title)}</span></header><main>${body}</main></body></html>`;
}

export function sendPage(response: ServerResponse, html: string, status = 200): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  });
  response.end(html);
}

export const path = (...segments: Array<string | number>) => '/' + segments.map((s) => encodeURIComponent(String(s))).join('/');

/** An error as a page, for a browser: the status, and the message that says what to do. */
export function errorPage(status: number, message: string, signInUrl?: string): string {
  const again = signInUrl ? ` <a href="${e(signInUrl)}">Sign in</a>.` : '';
  return layout(`Error ${status}`, `<h1>${status}</h1><p>${e(message)}${again}</p><p><a href="/">The APIs</a></p>`);
}
