import type { WeekStatistics } from '../store.js';
import { escapeHtml as e, layout } from './html.js';

/** The rules a statistics page has a column for: those with the most findings over the weeks shown. */
const columns = 12;

/** Findings per rule per week: a row per week, a column per rule among the most frequent. */
export function statisticsPage(weeks: number, items: readonly WeekStatistics[]): string {
  const totals = new Map<string, number>();
  for (const week of items) for (const [rule, n] of Object.entries(week.findings)) totals.set(rule, (totals.get(rule) ?? 0) + n);
  const rules = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, columns).map(([rule]) => rule);
  const head = rules.map((r) => `<th class="num rule">${e(r)}</th>`).join('');
  const rows = items
    .map((w) => `<tr><td>${e(w.week_start)}</td><td class="num">${w.revisions}</td>${rules.map((r) => `<td class="num">${w.findings[r] ?? 0}</td>`).join('')}</tr>`)
    .join('\n');
  return layout(
    'statistics',
    `<h1>Findings per rule per week</h1><p>The last ${weeks} weeks (from Monday, UTC), over the APIs whose revisions you may read; the ${rules.length} rules with the most findings. <code>GET /statistics</code> has every rule.</p>
<table><thead><tr><th>Week</th><th class="num">Revisions</th>${head}</tr></thead><tbody>${rows || `<tr><td colspan="${rules.length + 2}">No revision in these weeks.</td></tr>`}</tbody></table>`,
  );
}
