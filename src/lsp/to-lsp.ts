import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { Diagnostic, Severity } from '../types.js';
import type { PackageLinks } from '../package-links.js';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warn: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The rule's documentation page for an id, or undefined when there is none (a custom rule). */
export type DocsLink = (ruleId: string) => string | undefined;

/**
 * Links to the rule's page, `docs/rules/<id>.md`, in the repository package.json names, at this
 * version's tag: the same address on every machine (a file:// path of the installed package would
 * name the machine it runs on). No repository, no links. Only ids in `known` (the built-in rules,
 * each of which has a page, test/catalog.test.ts) get one.
 */
export function packageDocsLink(links: PackageLinks | undefined, known: ReadonlySet<string>): DocsLink {
  return (ruleId) => (links && known.has(ruleId) ? links.file(`docs/rules/${ruleId}.md`) : undefined);
}

/** `documentUri`: the document the diagnostics are published for, where their related places are. */
export function toLspDiagnostic(d: Diagnostic, docsLink: DocsLink, documentUri?: string): LspDiagnostic {
  const note = foldedNote(d);
  const out: LspDiagnostic = {
    range: d.range,
    severity: severities[d.severity],
    code: d.ruleId,
    source: 'swaglint',
    message: note ? `${d.message} [${note}]` : d.message,
  };
  const href = docsLink(d.ruleId);
  if (href !== undefined) out.codeDescription = { href };
  if (documentUri !== undefined) {
    const related = (d.related ?? []).map((r) => ({ location: { uri: documentUri, range: r.range }, message: r.message }));
    // the folded findings in this document, as places to go to (the first hundred: thousands may follow from one cause)
    for (const f of (d.folded ?? []).filter((f) => f.uri === d.uri).slice(0, maxFoldedShown)) related.push({ location: { uri: documentUri, range: f.range }, message: `${f.ruleId}: ${f.message}` });
    if (related.length) out.relatedInformation = related;
  }
  return out;
}

const maxFoldedShown = 100;

/**
 * What a cause's folded findings come to: `and 2,502 more caused by this (1,318 schema-valid, …)`.
 * The CLI's note (format/folded.ts) ends with its `--no-fold`; an editor has no such flag.
 */
function foldedNote(d: Diagnostic): string | undefined {
  const folded = d.folded;
  if (!folded?.length) return undefined;
  const byRule = new Map<string, number>();
  for (const f of folded) byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
  const count = (n: number) => n.toLocaleString('en-US');
  const rules = [...byRule].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0)).map(([id, n]) => `${count(n)} ${id}`);
  return `and ${count(folded.length)} more caused by this (${rules.join(', ')})`;
}
