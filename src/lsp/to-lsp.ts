import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { Diagnostic, Severity } from '../types.js';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warn: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The rule's documentation page for an id, or undefined when there is none (a custom rule). */
export type DocsLink = (ruleId: string) => string | undefined;

/**
 * Links to `docs/rules/<id>.md` inside the installed package, as a file URL. Chosen over a repository
 * URL because the package ships its docs (package.json "files"), the page then always matches the
 * installed version's rules, it opens offline, and the package declares no repository to link to.
 * Only ids in `known` (the built-in rules, each of which has a page, test/catalog.test.ts) get one.
 */
export function packageDocsLink(packageRoot: string, known: ReadonlySet<string>): DocsLink {
  return (ruleId) => (known.has(ruleId) ? pathToFileURL(path.join(packageRoot, 'docs', 'rules', `${ruleId}.md`)).href : undefined);
}

export function toLspDiagnostic(d: Diagnostic, docsLink: DocsLink): LspDiagnostic {
  const out: LspDiagnostic = {
    range: d.range,
    severity: severities[d.severity],
    code: d.ruleId,
    source: 'swaglint',
    message: d.message,
  };
  const href = docsLink(d.ruleId);
  if (href !== undefined) out.codeDescription = { href };
  return out;
}
