import { Chalk, type ChalkInstance } from 'chalk';
import type { Diagnostic, Severity } from '../types.js';
import type { Formatter } from './types.js';
import { flatten, type FlatFinding } from './flatten.js';
import { textOf } from './text-of.js';
import { ruleSummary } from './rule-summary.js';
import { codeFrame, FrameSource } from './code-frame.js';
import { printable } from './printable.js';
import { foldedNote, foldedTotal } from './folded.js';
import { count } from '../text/count.js';

const labels: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };

const markdownRule = 'description-markdown';
/** From this many description-markdown findings on, stylish says them in one line (the other formats list each). */
export const markdownFold = 10;
/** Identical findings (same rule and message) shown with their frames before one line counts the rest. */
export const groupShown = 3;

function markdownLine(findings: number): string {
  return `${findings} description-markdown findings (Markdown outside swaglint's subset: links, tables, HTML...) are not listed: --markdown-details lists them; allow constructs with description-markdown: [warn, {allow: [link, table]}], or turn the rule off, in .swaglint.yaml.`;
}

/**
 * The human format: `file:line:column severity message rule-id`, a code frame of the offending line,
 * and a summary. Grouped by file in report order, findings in the engine's order.
 */
export const stylish: Formatter = (reports, context) => {
  const c = new Chalk({ level: context.color ? 1 : 0 });
  const paint: Record<Severity, (s: string) => string> = { error: c.red, warn: c.yellow, info: c.blue, hint: c.dim };
  const all = flatten(reports, context.cwd);
  const markdown = all.filter((f) => f.diagnostic.ruleId === markdownRule);
  // many descriptions outside the Markdown subset are one decision for a team, not a screenful each
  const folded = !context.markdownDetails && markdown.length >= markdownFold;
  const findings = folded ? all.filter((f) => f.diagnostic.ruleId !== markdownRule) : all;
  // one line table per file, shared by its findings' frames
  const sources = new Map<string, FrameSource | undefined>();
  const sourceOf = (uri: string): FrameSource | undefined => {
    if (!sources.has(uri)) {
      const text = textOf(reports, uri);
      sources.set(uri, text === undefined ? undefined : new FrameSource(text));
    }
    return sources.get(uri);
  };
  // past a few identical findings (same rule and message), one line counts the rest: 263 frames of one
  // nullable-type finding hide everything else (compact, json and sarif keep each)
  const key = (d: Diagnostic) => `${d.ruleId}\0${d.message}`;
  const total = new Map<string, number>();
  for (const f of findings) if (f.diagnostic.ruleId !== markdownRule) total.set(key(f.diagnostic), (total.get(key(f.diagnostic)) ?? 0) + 1);
  const shown = new Map<string, number>();
  const lines: string[] = [];
  for (const f of findings) {
    const d = f.diagnostic;
    const k = key(d);
    const n = (shown.get(k) ?? 0) + 1;
    shown.set(k, n);
    if (n > groupShown && d.ruleId !== markdownRule) continue;
    lines.push(`${c.underline(printable(`${f.file}:${f.line}:${f.column}`))} ${paint[d.severity](labels[d.severity])} ${printable(d.message)} ${c.dim(printable(d.ruleId))}`);
    const source = sourceOf(d.uri);
    const frame = source && codeFrame(source, f, context.color);
    if (frame) lines.push(frame);
    if (d.suggestion) lines.push(`  ${c.dim('suggestion:')} ${printable(d.suggestion)}`);
    const note = foldedNote(d);
    if (note) lines.push(`  ${c.bold(printable(note))}`);
    lines.push('');
    const more = (total.get(k) ?? 0) - groupShown;
    if (n === groupShown && more > 0) lines.push(c.dim(`… and ${count(more)} more like this (${printable(d.ruleId)})`), '');
  }
  if (all.length > 0) lines.push(summary(all, c) + c.dim(foldedTotal(reports)));
  const byRule = ruleSummary(all, c.dim);
  if (byRule) lines.push(byRule);
  if (folded) lines.push(c.dim(markdownLine(markdown.length)));
  const adopt = adoptionHint(all);
  if (adopt) lines.push(c.dim(adopt));
  return lines.length ? lines.join('\n') + '\n' : '';
};

function summary(findings: readonly FlatFinding[], c: ChalkInstance): string {
  const ofSeverity = (s: Severity) => findings.filter((f) => f.diagnostic.severity === s).length;
  const parts: string[] = [];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const errors = ofSeverity('error');
  const warnings = ofSeverity('warn');
  const infos = ofSeverity('info');
  const hints = ofSeverity('hint');
  parts.push(plural(errors, 'error'), plural(warnings, 'warning'));
  if (infos) parts.push(plural(infos, 'info'));
  if (hints) parts.push(plural(hints, 'hint'));
  const text = `✖ ${plural(findings.length, 'problem')} (${parts.join(', ')})`;
  return errors ? c.red.bold(text) : warnings ? c.yellow.bold(text) : c.bold(text);
}

/**
 * The last line when some findings are house conventions (not validity): a team meeting them on its
 * first run learns how to adopt swaglint without fixing them all first.
 */
export function adoptionHint(findings: readonly FlatFinding[]): string | undefined {
  const conventions = findings.filter((f) => f.diagnostic.category === 'convention').length;
  if (conventions === 0) return undefined;
  const what = conventions === 1 ? '1 finding is a house convention' : `${conventions} findings are house conventions`;
  return `${what}, not an invalid API description: tune the rules with \`swaglint init\`, or accept today's with \`--baseline-write swaglint-baseline.json\`, then lint with \`--baseline swaglint-baseline.json\`.`;
}
