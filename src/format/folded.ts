import type { Diagnostic } from '../types.js';
import type { FileReport } from './types.js';
import { count } from '../text/count.js';


/**
 * What a cause's folded findings come to, for every format: `and 2,502 more caused by this (1,318
 * schema-valid, 659 response-success, 525 path-params-match; --no-fold lists them)`. Rules by count,
 * then by name, so the note is the same whatever order the findings came in.
 */
export function foldedNote(d: Diagnostic): string | undefined {
  const folded = d.folded;
  if (!folded?.length) return undefined;
  const byRule = new Map<string, number>();
  for (const f of folded) byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
  const rules = [...byRule].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0)).map(([id, n]) => `${count(n)} ${id}`);
  return `and ${count(folded.length)} more caused by this (${rules.join(', ')}; --no-fold lists them)`;
}

/** The finding's message with its folded note, for the formats that have one text per finding. */
export function messageWithFolded(d: Diagnostic): string {
  const note = foldedNote(d);
  return note ? `${d.message} [${note}]` : d.message;
}

/** `; 2,502 more folded into their causes (--no-fold lists them)`, or nothing, after a report's totals. */
export function foldedTotal(reports: readonly FileReport[]): string {
  let n = 0;
  let causes = 0;
  for (const r of reports) {
    for (const d of r.diagnostics) {
      if (!d.folded?.length) continue;
      n += d.folded.length;
      causes++;
    }
  }
  return n ? `; ${count(n)} more folded into ${causes === 1 ? 'its cause' : 'their causes'} (--no-fold lists them)` : '';
}
