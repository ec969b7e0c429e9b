import { fileURLToPath } from 'node:url';
import { CodeActionKind, TextDocuments, TextDocumentSyncKind, type Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lintText } from '../lint/lint.js';
import type { SourceCache } from '../load/load.js';
import { UserError } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { version as swaglintVersion } from '../version.js';
import { Scheduler } from './scheduler.js';
import { isSwaggerCandidate } from './candidate.js';
import { codeActions, type Published } from './code-actions.js';
import { toLspDiagnostic, type DocsLink } from './to-lsp.js';
import type { OptionsFor } from './options-for.js';
import { baselineSetting } from './baseline-setting.js';
import type { Baseline } from '../config/baseline.js';

export interface ServerOptions {
  optionsFor: OptionsFor;
  docsLink: DocsLink;
  /** Quiet time after a change before linting, in ms: one run per pause in typing, not per key. */
  debounceMs: number;
}

/** Parsed `$ref`'d files kept beyond this many are dropped all at once: simple, and rare. */
const CACHE_LIMIT = 256;

/** Wires swaglint to a connection: diagnostics on open and change, quick fixes on request. */
export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const published = new Map<string, Published>();
  const sourceCache: SourceCache = new Map();
  const justOpened = new Set<string>();
  let baseline: (() => Promise<Baseline>) | undefined;
  const scheduler = new Scheduler((uri, error) => connection.console.error(`swaglint: linting ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));

  const publish = (uri: string, version: number, diagnostics: Diagnostic[]) => {
    published.set(uri, { version, diagnostics });
    void connection.sendDiagnostics({ uri, version, diagnostics: diagnostics.map((d) => toLspDiagnostic(d, options.docsLink, uri)) });
  };

  const check = async (uri: string, signal: AbortSignal) => {
    const doc = documents.get(uri);
    if (!doc) return;
    const { version } = doc;
    if (!isSwaggerCandidate(doc)) return publish(uri, version, []);
    // the linter resolves `$ref`s against a path; unsaved buffers (untitled:) keep their uri
    const file = uri.startsWith('file:') ? fileURLToPath(uri) : uri;
    if (sourceCache.size > CACHE_LIMIT) sourceCache.clear();
    let diagnostics: Diagnostic[];
    try {
      const settings = await options.optionsFor(file);
      const result = await lintText(doc.getText(), file, { ...settings, ...(baseline ? { baseline: await baseline() } : {}), signal, sourceCache });
      // findings inside $ref'd files belong to those files; this document shows its own
      diagnostics = result.diagnostics.filter((d) => d.uri === file);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      const top = { line: 0, character: 0 };
      diagnostics = [{ ruleId: 'config-error', severity: 'error', message: error.message, uri: file, pointer: '', range: { start: top, end: top } }];
    }
    signal.throwIfAborted();
    publish(uri, version, diagnostics);
  };

  connection.onInitialize((params) => {
    baseline = baselineSetting(params.initializationOptions, params.rootUri);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: 'swaglint', version: swaglintVersion() },
    };
  });

  // TextDocuments fires change right after open: the open runs at once, the change is not a second run
  documents.onDidOpen(({ document }) => {
    justOpened.add(document.uri);
    scheduler.schedule(document.uri, 0, (signal) => check(document.uri, signal));
  });
  documents.onDidChangeContent(({ document }) => {
    if (justOpened.delete(document.uri)) return;
    scheduler.schedule(document.uri, options.debounceMs, (signal) => check(document.uri, signal));
  });
  documents.onDidClose(({ document }) => {
    scheduler.cancel(document.uri);
    justOpened.delete(document.uri);
    published.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCodeAction(({ textDocument, context }) => {
    const doc = documents.get(textDocument.uri);
    return doc ? codeActions(doc, published.get(doc.uri), context.diagnostics) : [];
  });
  connection.onShutdown(() => scheduler.dispose());

  documents.listen(connection);
  connection.listen();
}
