// The language server finds the configuration per document as the CLI does, re-reads it on each lint,
// and its "ignore on this line" comment is the syntax the ignore filter reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionRequest, DidChangeTextDocumentNotification, DidOpenTextDocumentNotification, InitializeRequest, type CodeAction, type Diagnostic,
} from 'vscode-languageserver-protocol';
import { startLsp } from './helpers/lsp-client.js';
import { projectWith } from './helpers/project.js';

const text = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
security: []
paths:
  /getOrders/:
    get:
      responses: {200: {description: ok}}
`;

const codes = (list: Diagnostic[]) => list.map((d) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)}`);

test('swaglint-lsp: the discovered config applies, an edited one applies on the next lint, a bad one is shown', { timeout: 30_000 }, async (t) => {
  const dir = projectWith({ 'specs/api.yaml': text, '.swaglint.yaml': 'rules:\n  path-no-verbs: off\n' });
  const uri = pathToFileURL(path.join(dir, 'specs', 'api.yaml')).href;
  const lsp = startLsp();
  t.after(() => lsp.child.kill());
  await lsp.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  const opened = await lsp.nextDiagnostics(uri);
  assert.deepEqual(codes(opened.diagnostics), ['4:12 path-trailing-slash']);

  // the quick fix's comment hides the finding, and is not reported as unused
  const actions = (await lsp.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: opened.diagnostics[0]!.range, context: { diagnostics: opened.diagnostics } })) as CodeAction[];
  const ignore = actions.find((a) => a.title === 'Ignore path-trailing-slash on this line')!;
  const edited = TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, text), ignore.edit!.changes![uri]!);
  assert.match(edited, /^ {2}# swaglint-disable-next-line path-trailing-slash\n {2}\/getOrders\/:$/m);
  await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] });
  assert.deepEqual(codes((await lsp.nextDiagnostics(uri)).diagnostics), []);

  // an edited config applies without restarting the server
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  path-no-verbs: warn\n');
  await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 3 }, contentChanges: [{ text: edited }] });
  assert.deepEqual(codes((await lsp.nextDiagnostics(uri)).diagnostics), ['5:3 path-no-verbs']);

  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  path-no-verb: warn\n');
  await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 4 }, contentChanges: [{ text: edited }] });
  const bad = (await lsp.nextDiagnostics(uri)).diagnostics;
  assert.deepEqual(codes(bad), ['0:0 config-error']);
  assert.match(String(bad[0]!.message), /\.swaglint\.yaml:2:3: unknown rule 'path-no-verb'; did you mean 'path-no-verbs'\?$/);

  assert.equal(await lsp.shutdown(), 0, lsp.stderr());
});

test('swaglint-lsp: the baseline named in initializationOptions drops the findings it accounts for, and is re-read when rewritten', { timeout: 30_000 }, async (t) => {
  const two = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
security: []
paths:
  /getOrders:
    get:
      responses: {200: {description: ok}}
  /deleteOrders:
    get:
      responses: {200: {description: ok}}
`;
  const dir = projectWith({ 'specs/api.yaml': two });
  const file = path.join(dir, 'specs', 'api.yaml');
  const uri = pathToFileURL(file).href;
  // the baseline the CLI writes, for the path-no-verbs finding on /getOrders/ only
  const { baselineEntries, baselineText } = await import('../src/config/baseline.js');
  const { lintText } = await import('../src/pipeline/lint.js');
  const all = (await lintText(two, file)).diagnostics;
  const accepted = all.filter((d) => d.ruleId === 'path-no-verbs' && d.pointer.includes('getOrders'));
  assert.equal(accepted.length, 1);
  writeFileSync(path.join(dir, 'baseline.json'), baselineText(baselineEntries(path.join(dir, 'baseline.json'), accepted)));

  const lsp = startLsp();
  t.after(() => lsp.child.kill());
  await lsp.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, initializationOptions: { baseline: 'baseline.json' } });
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text: two } });
  const shown = codes((await lsp.nextDiagnostics(uri)).diagnostics);
  const expected = all.filter((d) => d !== accepted[0]).map((d) => `${d.range.start.line}:${d.range.start.character} ${d.ruleId}`);
  assert.deepEqual(shown, expected);
  assert.ok(shown.some((c) => c.endsWith('path-no-verbs')), 'the other verb finding is new: still shown');

  // an emptied baseline applies on the next lint
  writeFileSync(path.join(dir, 'baseline.json'), baselineText([]));
  await lsp.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: two }] });
  assert.deepEqual(codes((await lsp.nextDiagnostics(uri)).diagnostics), all.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.ruleId}`));

  assert.equal(await lsp.shutdown(), 0, lsp.stderr());
});
