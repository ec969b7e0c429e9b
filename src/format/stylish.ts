import { Chalk, type ChalkInstance } from 'chalk';
import { codeFrameColumns } from '@babel/code-frame';
import type { Severity } from '../types.js';
import type { Formatter } from './types.js';
import { flatten, type FlatFinding } from './flatten.js';
import { textOf } from './text-of.js';
import { ruleSummary } from './rule-summary.js';

const labels: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };

/**
 * The human format: `file:line:column severity message rule-id`, a code frame of the offending line,
 * and a summary. Grouped by file in report order, findings in the engine's order.
 */
export const stylish: Formatter = (reports, context) => {
  const c = new Chalk({ level: context.color ? 1 : 0 });
  const paint: Record<Severity, (s: string) => string> = { error: c.red, warn: c.yellow, info: c.blue, hint: c.dim };
  const findings = flatten(reports, context.cwd);
  const lines: string[] = [];
  for (const f of findings) {
    const d = f.diagnostic;
    lines.push(`${c.underline(`${f.file}:${f.line}:${f.column}`)} ${paint[d.severity](labels[d.severity])} ${printable(d.message)} ${c.dim(d.ruleId)}`);
    const frame = codeFrame(textOf(reports, d.uri), f, context.color);
    if (frame) lines.push(frame);
    if (d.suggestion) lines.push(`  ${c.dim('suggestion:')} ${d.suggestion}`);
    lines.push('');
  }
  if (findings.length > 0) lines.push(summary(findings, c));
  const byRule = ruleSummary(findings, c.dim);
  if (byRule) lines.push(byRule);
  return lines.length ? lines.join('\n') + '\n' : '';
};

function codeFrame(text: string | undefined, f: FlatFinding, color: boolean): string | undefined {
  if (text === undefined) return undefined;
  text = printable(text);
  const end = f.endLine === f.line && f.endColumn > f.column ? { line: f.endLine, column: f.endColumn } : undefined;
  try {
    const frame = codeFrameColumns(text, { start: { line: f.line, column: f.column }, ...(end ? { end } : {}) }, { highlightCode: color, forceColor: color, linesAbove: 1, linesBelow: 1 });
    return frame.split('\n').map((l) => '  ' + l).join('\n');
  } catch {
    return undefined;
  }
}

function summary(findings: readonly FlatFinding[], c: ChalkInstance): string {
  const count = (s: Severity) => findings.filter((f) => f.diagnostic.severity === s).length;
  const parts: string[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const errors = count('error');
  const warnings = count('warn');
  const infos = count('info');
  const hints = count('hint');
  parts.push(plural(errors, 'error'), plural(warnings, 'warning'));
  if (infos) parts.push(plural(infos, 'info'));
  if (hints) parts.push(plural(hints, 'hint'));
  const text = `✖ ${plural(findings.length, 'problem')} (${parts.join(', ')})`;
  return errors ? c.red.bold(text) : warnings ? c.yellow.bold(text) : c.bold(text);
}

/**
 * A linted file may hold escape sequences that would drive the terminal (a binary file, a hostile
 * document). Each control character becomes U+FFFD, one for one, so columns still line up.
 */
function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '\ufffd');
}
