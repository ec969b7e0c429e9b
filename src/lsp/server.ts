import { fileURLToPath } from 'node:url';
import { CodeActionKind, MessageType, ShowMessageNotification, TextDocuments, TextDocumentSyncKind, type Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileResult } from '../pipeline/lint.js';
import { lintSession, relint, type LintSession, type Linted } from '../pipeline/incremental.js';
import type { SourceCache } from '../pipeline/inputs.js';
import { UserError } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { version as swaglintVersion } from '../version.js';
import { Scheduler } from './scheduler.js';
import { isApiCandidate } from './candidate.js';
import { findingsElsewhere } from './elsewhere.js';
import { codeActions, type Published } from './code-actions.js';
import type { DocsLink } from './to-lsp.js';
import { DiagnosticsJson, sameTexts } from './diagnostics-json.js';
import { defaultsOnly, type OptionsFor } from './options-for.js';
import { CodeNotAllowed } from '../pipeline/library.js';
import { baselineSetting } from './baseline-setting.js';
import { foldFindings } from '../pipeline/findings.js';
import type { Baseline } from '../pipeline/library.js';

export interface ServerOptions {
  optionsFor: OptionsFor;
  docsLink: DocsLink;
  /** Quiet time after a change before linting, in ms: one run per pause in typing, not per key. */
  debounceMs: number;
  /**
   * The longest one lint may take, in ms, before it is stopped and the document shows why: the
   * server answers other requests (and `shutdown`) meanwhile, since a lint yields between chunks.
   */
  lintBudgetMs?: number;
  /**
   * Collects garbage when it is worth it (see collect-garbage.ts); asked once after each lint, when the
   * next change starts its debounce (idle time: the lint waits for the pause in typing anyway). Without
   * it V8 lets a re-lint's garbage pile up to a limit that grows with the kept document.
   */
  collectGarbage?: () => void;
}

/** The client's initialization options this server reads. */
interface InitializationOptions {
  /** The editor's workspace trust: code in the workspace (JS configs, plugins) is loaded only when true. */
  trustedWorkspace?: unknown;
  /**
   * Send `swaglint/diagnosticsComplete` ({ uri, version }) once a version's complete diagnostics are
   * published: after an edit the first publication may be followed by a second (the rules that read
   * across the document), and a client that waits for the complete set (a benchmark, a test) asks for this.
   */
  completeNotification?: unknown;
}

/** The notification `completeNotification` asks for. */
export const diagnosticsComplete = 'swaglint/diagnosticsComplete';

/** `done`, or an AbortError as soon as `signal` aborts (a newer edit need not wait for a slow client). */
async function untilAborted(done: Promise<void>, signal: AbortSignal): Promise<void> {
  let stop: (() => void) | undefined;
  const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', (stop = () => resolve()), { once: true }));
  try {
    await Promise.race([done, aborted]);
  } finally {
    signal.removeEventListener('abort', stop!);
  }
  signal.throwIfAborted();
}

/**
 * What the editor shows of a result: findings inside `$ref`'d files belong to those files; this
 * document shows its own, and one per such file at the `$ref` that leads there.
 */
function shown(file: string, result: FileResult): Diagnostic[] {
  // one root cause, one diagnostic: its consequences travel in it (issue 39), as the CLI folds them
  const folded = foldFindings(result.diagnostics);
  return [...folded.filter((d) => d.uri === file), ...findingsElsewhere(file, folded, result.entries)];
}

/** Parsed `$ref`'d files kept beyond this many are dropped all at once: simple, and rare. */
const CACHE_LIMIT = 256;

/** Wires swaglint to a connection: diagnostics on open and change, quick fixes on request. */
export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  const published = new Map<string, Published>();
  const sourceCache: SourceCache = new Map();
  const justOpened = new Set<string>();
  // each open document's last complete lint: where the re-lint after an edit starts
  const sessions = new Map<string, LintSession>();
  let notifyComplete = false;
  // a lint has finished since the last collection
  let garbage = false;
  let trusted = false;
  const warnedUntrusted = new Set<string>();
  const budgetMs = options.lintBudgetMs ?? 20_000;
  let baseline: (() => Promise<Baseline>) | undefined;
  const scheduler = new Scheduler((uri, error) => connection.console.error(`swaglint: linting ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));

  // each finding's LSP form and JSON text, made once: an edit's publication converts only its new findings
  const converted = new DiagnosticsJson(options.docsLink);

  /**
   * Sends a document's diagnostics; resolves once they are written to the client's stream. `lsp`: their
   * conversion (from `converted`), when the caller has made it already.
   */
  const publish = (uri: string, version: number, diagnostics: Diagnostic[], lsp = converted.convert(diagnostics, uri)): Promise<void> => {
    published.set(uri, { version, diagnostics });
    return connection.sendDiagnostics({ uri, version, diagnostics: lsp.diagnostics });
  };

  const check = async (uri: string, signal: AbortSignal) => {
    const doc = documents.get(uri);
    if (!doc) return;
    const { version } = doc;
    if (!isApiCandidate(doc)) {
      sessions.delete(uri);
      void publish(uri, version, []);
      if (notifyComplete) void connection.sendNotification(diagnosticsComplete, { uri, version });
      return;
    }
    // the linter resolves `$ref`s against a path; unsaved buffers (untitled:) keep their uri
    const file = uri.startsWith('file:') ? fileURLToPath(uri) : uri;
    if (sourceCache.size > CACHE_LIMIT) sourceCache.clear();
    let diagnostics: Diagnostic[];
    // what the first publication of an edit showed: the complete set is not sent again when it is the same
    let firstShown: readonly string[] | undefined;
    const top = { line: 0, character: 0 };
    // the editor's cancellation (a newer edit, a close) or the time budget, whichever comes first
    const timeout = AbortSignal.timeout(budgetMs);
    try {
      const settings = await settingsFor(file);
      const lintOptions = { ...settings, ...(baseline ? { baseline: await baseline() } : {}), signal: AbortSignal.any([signal, timeout]), sourceCache, entries: true };
      const text = doc.getText();
      // a session is never changed, only replaced: a re-lint stopped by the next keystroke leaves
      // the last one, from which the next re-lint starts (the two edits together, if in one unit)
      const session = sessions.get(uri);
      const edited = session ? await relint(session, text, lintOptions) : undefined;
      let linted: Linted;
      if (edited) {
        // the edited part's findings and the others' kept ones at once; the complete set after
        signal.throwIfAborted();
        if (edited.first) {
          const first = shown(file, edited.first);
          // written before the complete set's work starts: a publication of half a megabyte leaves
          // through the pipe in many pieces, each waiting for the event loop, which that work holds
          // between its chunks (measured: 150-800 ms late under load, more than the re-lint itself)
          const lsp = converted.convert(first, uri);
          await untilAborted(publish(uri, version, first, lsp), signal);
          firstShown = lsp.texts;
        }
        linted = await edited.complete(lintOptions.signal);
      } else {
        // the old document is no use to a full lint: not kept beside the new one (a 4 MB document's
        // parsed value is some 60 MB)
        sessions.delete(uri);
        linted = await lintSession(text, file, lintOptions);
      }
      if (linted.session) sessions.set(uri, linted.session);
      else sessions.delete(uri);
      diagnostics = shown(file, linted.result);
    } catch (error) {
      if (timeout.aborted && !signal.aborted) {
        const message = `swaglint stopped linting this document after ${Math.round(budgetMs / 1000)} s; lint it from the command line to see its findings.`;
        diagnostics = [{ ruleId: 'lint-timeout', severity: 'warn', message, uri: file, pointer: '', range: { start: top, end: top } }];
      } else {
        if (!(error instanceof UserError)) throw error;
        diagnostics = [{ ruleId: 'config-error', severity: 'error', message: error.message, uri: file, pointer: '', range: { start: top, end: top } }];
      }
    }
    signal.throwIfAborted();
    garbage = true;
    const lsp = converted.convert(diagnostics, uri);
    // the same LSP diagnostics are not sent twice; code actions still read the complete set's findings
    if (firstShown === undefined || !sameTexts(lsp.texts, firstShown)) void publish(uri, version, diagnostics, lsp);
    else published.set(uri, { version, diagnostics });
    if (notifyComplete) void connection.sendNotification(diagnosticsComplete, { uri, version });
  };

  /** The document's settings; in an untrusted workspace a config that runs code is skipped, and the user told once. */
  const settingsFor = async (file: string) => {
    try {
      return await options.optionsFor(file, { trusted });
    } catch (error) {
      if (!(error instanceof CodeNotAllowed)) throw error;
      if (!warnedUntrusted.has(error.file)) {
        warnedUntrusted.add(error.file);
        const message = `swaglint: ${error.message} Linting with the default rules; trust the workspace (initialization option trustedWorkspace) to use it.`;
        connection.console.warn(message);
        // a notification, not window/showMessageRequest: no reply is awaited, and a client without it cannot fail the lint
        void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
      }
      return defaultsOnly(file, { trusted });
    }
  };

  connection.onInitialize((params) => {
    trusted = (params.initializationOptions as InitializationOptions | null | undefined)?.trustedWorkspace === true;
    notifyComplete = (params.initializationOptions as InitializationOptions | null | undefined)?.completeNotification === true;
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
    // inside the debounce: once per lint, not per keystroke; after this event, so the change is applied first
    if (garbage && options.collectGarbage && options.debounceMs > 0) {
      garbage = false;
      setImmediate(options.collectGarbage);
    }
  });
  documents.onDidClose(({ document }) => {
    scheduler.cancel(document.uri);
    justOpened.delete(document.uri);
    published.delete(document.uri);
    sessions.delete(document.uri);
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
