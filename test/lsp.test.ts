import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionRequest, DidChangeTextDocumentNotification, DidOpenTextDocumentNotification, InitializedNotification,
  InitializeRequest, type CodeAction, type Diagnostic, type TextEdit,
} from 'vscode-languageserver-protocol';
import { startLsp } from './helpers/lsp-client.js';
import { projectDir, ruleDocsHref } from './helpers/paths.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const broken = `swagger: 2.0
info:
  title: Orders
  version: '1.0'
security: []
paths:
  /orders:
    get:
      responses:
        '200':
          description: The orders.
`;
const workspace = path.join(projectDir, 'fixtures', 'lsp');
const uri = pathToFileURL(path.join(workspace, 'unsaved-api.yaml')).href;
const docsHref = ruleDocsHref;

/** A diagnostic as swaglint-lsp publishes it: one line's range, the rule as its code with its page. */
const published = (line: number, from: number, to: number, severity: 1 | 2, code: string, message: string) => ({
  range: { start: { line, character: from }, end: { line, character: to } },
  severity,
  code,
  codeDescription: { href: docsHref(code) },
  source: 'swaglint',
  message,
});
const missingDescription = published(1, 0, 4, 2, 'info-description', 'info.description is missing; say in a sentence or more what the API is for (Markdown is allowed).');

test('swaglint-lsp over stdio: diagnostics, fixes, debounced changes, clean exit', { timeout: hangGuardMs }, async (t) => {
  const lsp = startLsp();
  t.after(() => lsp.child.kill());
  const { connection } = lsp;

  const init = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(workspace).href, capabilities: {}, workspaceFolders: null });
  assert.deepEqual(init.capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
  assert.equal(init.serverInfo?.name, 'swaglint');
  await connection.sendNotification(InitializedNotification.type, {});

  // open: an unsaved buffer (no file on disk) with two findings
  let doc = TextDocument.create(uri, 'yaml', 1, broken);
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text: broken } });
  const opened = await lsp.nextDiagnostics(uri);
  assert.equal(opened.version, 1);
  assert.deepEqual(opened.diagnostics, [
    published(0, 0, 7, 1, 'swagger-version', '`swagger: 2.0` is read as the number 2, not the string "2.0"; quote it: swagger: "2.0".'),
    missingDescription,
  ]);

  // code actions: each finding's fix, and an ignore comment for each
  const actions = (await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 1, character: 4 } },
    context: { diagnostics: opened.diagnostics },
  })) as CodeAction[];
  assert.deepEqual(actions.map((a) => a.title), [
    "Write swagger: '2.0'",
    'Ignore swagger-version on this line',
    'Add an info.description stub',
    'Ignore info-description on this line',
  ]);
  assert.ok(actions.every((a) => a.kind === 'quickfix'));
  const editsOf = (a: CodeAction): TextEdit[] => a.edit!.changes![uri]!;
  assert.deepEqual(editsOf(actions[1]!), [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '# swaglint-disable-next-line swagger-version\n' }]);

  // apply both fixes as incremental changes, the later place first so earlier ranges stay valid
  const edits = [...editsOf(actions[2]!), ...editsOf(actions[0]!)];
  const fixedText = TextDocument.applyEdits(doc, edits);
  assert.equal(fixedText, broken.replace('swagger: 2.0', "swagger: '2.0'").replace("version: '1.0'\n", "version: '1.0'\n  description: 'TODO: say in a sentence or more what this API is for.'\n"));
  const changes = edits.map((e) => ({ range: e.range, text: e.newText }));
  doc = TextDocument.update(doc, changes, 2);
  assert.equal(doc.getText(), fixedText, 'applied one by one, the changes give the same text');
  await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: changes });
  const fixed = await lsp.nextDiagnostics(uri);
  assert.deepEqual({ version: fixed.version, diagnostics: fixed.diagnostics }, { version: 2, diagnostics: [] });

  // typing: three quick changes give one run, for the last text; the broken middle one is never shown
  const before = lsp.received.length;
  for (const [version, text] of [[3, broken], [4, broken + '# more\n'], [5, fixedText]] as const) {
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
  }
  const typed = await lsp.nextDiagnostics(uri);
  assert.deepEqual({ version: typed.version, diagnostics: typed.diagnostics }, { version: 5, diagnostics: [] });
  await sleep(400);
  assert.equal(lsp.received.length, before + 1, 'one publication for three changes');

  // a YAML file that is not Swagger gets an empty list, not findings
  const other = pathToFileURL(path.join(workspace, 'deployment.yaml')).href;
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: other, languageId: 'yaml', version: 1, text: 'kind: Deployment\nspec: {}\n' } });
  assert.deepEqual((await lsp.nextDiagnostics(other)).diagnostics, []);

  assert.equal(await lsp.shutdown(), 0, lsp.stderr());
});

test('swaglint-lsp: a JSON document gets its fix but no ignore comment (JSON has none)', { timeout: hangGuardMs }, async (t) => {
  const lsp = startLsp();
  t.after(() => lsp.child.kill());
  await lsp.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
  const json = pathToFileURL(path.join(workspace, 'api.json')).href;
  const text = '{\n  "swagger": 2,\n  "info": {"title": "t", "version": "1", "description": "d"},\n  "security": [],\n  "paths": {}\n}\n';
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: json, languageId: 'json', version: 1, text } });
  const { diagnostics } = await lsp.nextDiagnostics(json);
  assert.deepEqual(diagnostics.map((d: Diagnostic) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)}`), ['1:2 swagger-version']);
  const actions = (await lsp.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri: json }, range: diagnostics[0]!.range, context: { diagnostics } })) as CodeAction[];
  assert.deepEqual(actions.map((a) => [a.title, a.edit?.changes?.[json]?.[0]?.newText]), [['Write swagger: "2.0"', '"2.0"']]);
  assert.equal(await lsp.shutdown(), 0, lsp.stderr());
});

test('swaglint-lsp on an OpenAPI 3.1 document: diagnostics at their ranges, a fix and an ignore comment, cleared on change', { timeout: hangGuardMs }, async (t) => {
  const lsp = startLsp();
  t.after(() => lsp.child.kill());
  const { connection } = lsp;
  await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(workspace).href, capabilities: {}, workspaceFolders: null });
  await connection.sendNotification(InitializedNotification.type, {});
  const oas = pathToFileURL(path.join(workspace, 'orders-3.1.yaml')).href;
  const text = `openapi: 3.1.0
info:
  title: Orders
  version: '1.0'
paths:
  /orders:
    get:
      description: Lists [the orders](https://example.com/orders).
      responses:
        '200':
          description: The orders.
webhooks:
  orderPaid:
    post:
      responses: {'200': {description: Received.}}
security: []
`;
  let doc = TextDocument.create(oas, 'yaml', 1, text);
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: oas, languageId: 'yaml', version: 1, text } });
  const opened = await lsp.nextDiagnostics(oas);
  assert.deepEqual(opened.diagnostics, [
    missingDescription,
    published(7, 25, 65, 2, 'description-markdown', "A link ('[the orders](https://example.com/orders)') is not supported in descriptions; write the address as text or as `code`, or move it to externalDocs."),
  ]);
  const actions = (await connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: oas },
    range: { start: { line: 1, character: 0 }, end: { line: 7, character: 65 } },
    context: { diagnostics: opened.diagnostics },
  })) as CodeAction[];
  assert.deepEqual(actions.map((a) => a.title), ['Add an info.description stub', 'Ignore info-description on this line', 'Ignore description-markdown on this line']);
  // the stub and the ignore comment, later place first so that the earlier range stays valid
  const edits = [...actions[2]!.edit!.changes![oas]!, ...actions[0]!.edit!.changes![oas]!];
  const changes = edits.map((e) => ({ range: e.range, text: e.newText }));
  doc = TextDocument.update(doc, changes, 2);
  assert.match(doc.getText(), /  version: '1\.0'\n  description: 'TODO: say in a sentence or more what this API is for\.'\npaths:\n  \/orders:\n    get:\n      # swaglint-disable-next-line description-markdown\n      description: Lists \[/);
  await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: oas, version: 2 }, contentChanges: changes });
  const fixed = await lsp.nextDiagnostics(oas);
  assert.deepEqual({ version: fixed.version, diagnostics: fixed.diagnostics }, { version: 2, diagnostics: [] });
  // OpenAPI 3.2 is checked as 3.1 is: the fixed document stays clean
  await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: oas, version: 3 }, contentChanges: [{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 14 } }, text: '3.2.0' }] });
  const in32 = await lsp.nextDiagnostics(oas);
  assert.deepEqual({ version: in32.version, diagnostics: in32.diagnostics }, { version: 3, diagnostics: [] });
  // an OpenAPI version swaglint does not check: its one finding, at the version
  await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: oas, version: 4 }, contentChanges: [{ range: { start: { line: 0, character: 9 }, end: { line: 0, character: 14 } }, text: '3.3.0' }] });
  const other = await lsp.nextDiagnostics(oas);
  assert.deepEqual(other.diagnostics.map((d: Diagnostic) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)}`), ['0:9 openapi-version']);
  assert.equal(await lsp.shutdown(), 0, lsp.stderr());
});
