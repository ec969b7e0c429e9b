import type { FlatFinding } from './flatten.js';

/** A report is long from this many findings on: below it, the findings themselves are the summary. */
export const longReport = 20;

/**
 * The end of a long stylish report: one line per rule, with how many findings it has, most first
 * (ties by id), so a reader sees what dominates (`3634  description-markdown`) without scrolling back.
 * Undefined for a short report, or one with a single rule.
 */
export function ruleSummary(findings: readonly FlatFinding[], dim: (s: string) => string = (s) => s): string | undefined {
  if (findings.length < longReport) return undefined;
  const counts = new Map<string, number>();
  for (const { diagnostic: d } of findings) counts.set(d.ruleId, (counts.get(d.ruleId) ?? 0) + 1);
  if (counts.size < 2) return undefined;
  const rows = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
  const width = String(rows[0]![1]).length;
  return rows.map(([id, n]) => `  ${String(n).padStart(width)}  ${dim(id)}`).join('\n');
}
