// The language server after an edit (issue 41): the edited part's findings first, with the others
// kept, then the complete set, which is what a fresh open of the same text publishes; and one root
// cause is one diagnostic, its consequences folded into it (issue 39). A real LSP client over stdio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeTextDocumentNotification, DidOpenTextDocumentNotification, InitializedNotification, InitializeRequest, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startLsp, type LspSession } from './helpers/lsp-client.js';
import { projectDir } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const workspace = path.join(projectDir, 'fixtures', 'lsp');
const uriOf = (name: string) => pathToFileURL(path.join(workspace, name)).href;

/** The server, initialized to say when a version's diagnostics are complete; `complete(uri, version)` waits for that. */
async function started(): Promise<{ lsp: LspSession; complete: (uri: string, version: number) => Promise<PublishDiagnosticsParams> }> {
  const lsp = startLsp();
  const done: Array<{ uri: string; version: number }> = [];
  const waiting: Array<{ uri: string; version: number; resolve: () => void }> = [];
  lsp.connection.onNotification('swaglint/diagnosticsComplete', (p: { uri: string; version: number }) => {
    done.push(p);
    for (const w of [...waiting]) if (w.uri === p.uri && w.version === p.version) w.resolve();
  });
  await lsp.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(workspace).href, capabilities: {}, workspaceFolders: null, initializationOptions: { completeNotification: true } });
  await lsp.connection.sendNotification(InitializedNotification.type, {});
  const complete = async (uri: string, version: number) => {
    if (!done.some((d) => d.uri === uri && d.version === version)) await new Promise<void>((resolve) => waiting.push({ uri, version, resolve }));
    // the complete set is the last publication of that version before the notification
    return lsp.received.filter((p) => p.uri === uri && p.version === version).at(-1)!;
  };
  return { lsp, complete };
}

const api = (description: string, operationId = 'listOrders') =>
  JSON.stringify(
    {
      swagger: '2.0',
      info: { title: 'Orders', version: '1.0', description: 'Orders.' },
      paths: {
        '/orders': { get: { operationId, description, responses: { '200': { description: 'The orders.' } } } },
        '/orders/{id}': { get: { operationId: 'getOrder', description: 'One order.', parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }], responses: { '200': { description: 'The order.' } } } },
      },
    },
    null,
    2,
  );

test('after an edit: the edited part first, then the complete set, which a fresh open publishes too', { timeout: hangGuardMs }, async (t) => {
  const { lsp, complete } = await started();
  t.after(() => lsp.child.kill());
  const uri = uriOf('incremental-api.json');
  const before = api('Lists the orders.');
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'json', version: 1, text: before } });
  const opened = await complete(uri, 1);
  assert.ok(!opened.diagnostics.some((d) => d.code === 'description-markdown'));

  // a link typed into the first operation's description: one unit, one string
  const at = before.indexOf('Lists the orders.');
  const line = before.slice(0, at).split('\n').length - 1;
  const character = at - (before.lastIndexOf('\n', at) + 1);
  const typed = '[the list](http://example.test) ';
  await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: typed }],
  });
  const first = await lsp.nextDiagnostics(uri, (p) => p.version === 2);
  const last = await complete(uri, 2);
  assert.ok(first.diagnostics.some((d) => d.code === 'description-markdown'), 'the edited description\'s finding is in the first publication');

  // the same text opened afresh publishes what the edited document ended with
  const after = api(`${typed}Lists the orders.`);
  const fresh = uriOf('incremental-api-fresh.json');
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: fresh, languageId: 'json', version: 1, text: after } });
  const reopened = await complete(fresh, 1);
  assert.deepEqual(last.diagnostics, reopened.diagnostics);

  // an edit that makes a duplicate operationId: a rule that reads across the document; the complete set has it
  const dup = before.indexOf('"listOrders"') + 1;
  const dupLine = before.slice(0, dup).split('\n').length - 1;
  const dupChar = dup - (before.lastIndexOf('\n', dup) + 1);
  await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 3 },
    contentChanges: [{ range: { start: { line: dupLine, character: dupChar }, end: { line: dupLine, character: dupChar + 'listOrders'.length } }, text: 'getOrder' }],
  });
  const third = await complete(uri, 3);
  assert.ok(third.diagnostics.some((d) => d.code === 'operation-id-unique'), 'the duplicate operationId is found in the complete set');
  assert.equal(await lsp.shutdown(), 0);
});

test('one root cause, one diagnostic: its consequences are folded into it, with their count and places', { timeout: hangGuardMs }, async (t) => {
  const { lsp, complete } = await started();
  t.after(() => lsp.child.kill());
  const uri = uriOf('folded-api.yaml');
  const text = readFileSync(path.join(projectDir, 'fixtures', 'fold', 'operation-ref.yaml'), 'utf8');
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  const { diagnostics } = await complete(uri, 1);
  const cause = diagnostics.find((d) => d.code === 'operation-no-ref');
  assert.ok(cause, 'the cause is published');
  const message = String(cause.message);
  assert.match(message, /\[and \d+ more caused by this \(.+\)\]$/);
  assert.ok((cause.relatedInformation ?? []).some((r) => /^[a-z-]+: /.test(r.message)), 'the folded findings are its related places');
  // the operation's own finding (it documents no responses, as it reads) is folded, not published;
  // the path's, which the fix does not change, is
  assert.ok(!diagnostics.some((d) => d.code === 'response-success'));
  assert.match(message, /1 response-success/);
  assert.ok(diagnostics.some((d) => d.code === 'path-params-match'));
  assert.equal(await lsp.shutdown(), 0);
});
