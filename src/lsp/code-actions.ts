import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { isFromElsewhere } from './elsewhere.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../types.js';
import { isYaml } from './candidate.js';
import { isIgnorable } from '../pipeline/findings.js';

/** What the server last published for a document, and for which version of its text. */
export interface Published {
  version: number;
  diagnostics: Diagnostic[];
}


/**
 * Quick fixes for the diagnostics the client sends back: the finding's own fix, and for YAML an
 * ignore comment above its line. Findings are matched against what was published rather than trusted
 * from the client, and only while the text is the version they were computed for: an edit made since
 * would shift the fix's ranges (the next publish brings fresh ones).
 */
export function codeActions(doc: TextDocument, published: Published | undefined, asked: readonly LspDiagnostic[]): CodeAction[] {
  if (!published || published.version !== doc.version) return [];
  const actions: CodeAction[] = [];
  for (const lsp of asked) {
    if (lsp.source !== 'swaglint') continue;
    const found = published.diagnostics.find((d) => d.ruleId === lsp.code && d.message === lsp.message && samePosition(d.range.start, lsp.range.start));
    if (!found) continue;
    if (found.fix) {
      actions.push({ title: found.fix.title, kind: CodeActionKind.QuickFix, diagnostics: [lsp], isPreferred: true, edit: { changes: { [doc.uri]: found.fix.edits } } });
    }
    // the ignore filter's own test: an ignore it would not honour (of unused-ignore, of a parse error) is never offered
    if (isYaml(doc) && isIgnorable(found.ruleId) && !isFromElsewhere(found)) actions.push(ignoreOnLine(doc, found, lsp));
  }
  return actions;
}

/** `# swaglint-disable-next-line <id>` on its own line above, indented like the line it silences. */
function ignoreOnLine(doc: TextDocument, found: Diagnostic, lsp: LspDiagnostic): CodeAction {
  const line = found.range.start.line;
  const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const indent = /^[ \t]*/.exec(text)![0];
  const at = { line, character: 0 };
  return {
    title: `Ignore ${found.ruleId} on this line`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [lsp],
    edit: { changes: { [doc.uri]: [{ range: { start: at, end: at }, newText: `${indent}# swaglint-disable-next-line ${found.ruleId}\n` }] } },
  };
}

function samePosition(a: { line: number; character: number }, b: { line: number; character: number }): boolean {
  return a.line === b.line && a.character === b.character;
}
