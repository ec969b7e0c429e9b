import type { Severity } from '../types.js';
import type { Formatter } from './types.js';
import { flatten, type FlatFinding } from './flatten.js';
import { printable } from './printable.js';
import { adoptionHint } from './stylish.js';
import { foldedTotal } from './folded.js';
import { count } from '../text/count.js';

/** Files listed by the summary; the rest are counted in one line. */
export const topFiles = 10;

const severities: readonly Severity[] = ['error', 'warn', 'info', 'hint'];
const headers: Record<Severity, string> = { error: 'errors', warn: 'warnings', info: 'infos', hint: 'hints' };

type Counts = Record<Severity, number>;

const none = (): Counts => ({ error: 0, warn: 0, info: 0, hint: 0 });
const total = (c: Counts) => c.error + c.warn + c.info + c.hint;
type Row = [string, Counts];
const byName = ([a]: Row, [b]: Row) => (a < b ? -1 : a > b ? 1 : 0);
/** Rules: errors first (what fails a build), then warnings, then the most findings; ties by name. */
const errorsFirst = (m: Row, n: Row) => n[1].error - m[1].error || n[1].warn - m[1].warn || total(n[1]) - total(m[1]) || byName(m, n);
/** Files: the most findings first, then the most errors; ties by name. */
const mostFirst = (m: Row, n: Row) => total(n[1]) - total(m[1]) || n[1].error - m[1].error || byName(m, n);

function countBy(findings: readonly FlatFinding[], key: (f: FlatFinding) => string, order: (m: Row, n: Row) => number): Row[] {
  const counts = new Map<string, Counts>();
  for (const f of findings) {
    const k = key(f);
    let c = counts.get(k);
    if (!c) counts.set(k, (c = none()));
    c[f.diagnostic.severity]++;
  }
  return [...counts].sort(order);
}

/** A table: a right-aligned count per shown severity, then the name. */
function table(rows: readonly Row[], shown: readonly Severity[], name: string): string[] {
  const widths = shown.map((s) => Math.max(headers[s].length, ...rows.map(([, c]) => String(c[s]).length)));
  const line = (cells: string[], last: string) => `  ${cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ')}  ${last}`;
  return [line(shown.map((s) => headers[s]), name), ...rows.map(([n, c]) => line(shown.map((s) => String(c[s])), n))];
}

// 2,906 files, as the other notes of a run write their counts
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * The shape of a report before its findings (Redocly's `--format summary`): how many findings each
 * rule has, by severity, and which files hold the most, so a first run on a large API says what
 * dominates in a screenful. Errors and warnings always have a column; info and hint when they occur.
 */
export const summary: Formatter = (reports, context) => {
  const findings = flatten(reports, context.cwd);
  const skipped = reports.filter((r) => r.skipped !== undefined).length;
  const linted = `${plural(reports.length - skipped, 'document')} linted${skipped ? `, ${plural(skipped, 'file')} skipped` : ''}`;
  if (findings.length === 0) return `No problems (${linted}).\n`;
  const shown = severities.filter((s) => s === 'error' || s === 'warn' || findings.some((f) => f.diagnostic.severity === s));
  const category = new Map(findings.map((f) => [f.diagnostic.ruleId, f.diagnostic.category]));
  const rules = countBy(findings, (f) => f.diagnostic.ruleId, errorsFirst).map(([id, c]): Row => {
    const of = category.get(id);
    return [`${printable(id)}${of ? ` (${of})` : ''}`, c];
  });
  const files = countBy(findings, (f) => printable(f.file), mostFirst);
  const out = ['Findings by rule', ...table(rules, shown, 'rule'), '', 'Files with the most findings', ...table(files.slice(0, topFiles), shown, 'file')];
  if (files.length > topFiles) out.push(`  … and ${plural(files.length - topFiles, 'more file')}`);
  const all = countBy(findings, () => '', byName)[0]![1];
  const parts = shown.map((s) => plural(all[s], s === 'warn' ? 'warning' : s));
  out.push('', `✖ ${plural(findings.length, 'problem')} (${parts.join(', ')}) in ${plural(files.length, 'file')} (${linted})${foldedTotal(reports)}`);
  const adopt = adoptionHint(findings);
  if (adopt) out.push(adopt);
  return out.join('\n') + '\n';
};
