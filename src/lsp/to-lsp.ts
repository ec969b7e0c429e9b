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
  const out: LspDiagnostic = {
    range: d.range,
    severity: severities[d.severity],
    code: d.ruleId,
    source: 'swaglint',
    message: d.message,
  };
  const href = docsLink(d.ruleId);
  if (href !== undefined) out.codeDescription = { href };
  if (d.related?.length && documentUri !== undefined) {
    out.relatedInformation = d.related.map((r) => ({ location: { uri: documentUri, range: r.range }, message: r.message }));
  }
  return out;
}
