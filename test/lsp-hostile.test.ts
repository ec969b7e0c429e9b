// The language server in a folder a stranger wrote: it runs none of the folder's code unless the
// client says the workspace is trusted (and says so when it skips it), and it stays responsive
// (answers `shutdown`) after opening a hostile document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidOpenTextDocumentNotification, InitializeRequest, ShowMessageNotification, type ShowMessageParams,
} from 'vscode-languageserver-protocol';
import { startLsp, type LspSession } from './helpers/lsp-client.js';
import { projectWith } from './helpers/project.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const text = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
security: []
paths:
  /getOrders:
    get:
      responses: {200: {description: ok}}
`;

/** A config module that leaves a file behind when it runs, and turns path-no-verbs off. */
const jsConfig = "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./config-ran', import.meta.url), 'ran');\nexport default { rules: { 'path-no-verbs': 'off' } };\n";
const plugin = "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./plugin-ran', import.meta.url), 'ran');\nexport default { meta: { id: 'acme/x', severity: 'warn', description: 'x' }, create: () => ({}) };\n";

const codes = (list: Array<{ code?: unknown }>) => list.map((d) => String(d.code));

async function session(dir: string, initializationOptions?: object): Promise<{ lsp: LspSession; messages: ShowMessageParams[] }> {
  const lsp = startLsp();
  const messages: ShowMessageParams[] = [];
  lsp.connection.onNotification(ShowMessageNotification.method, (m: ShowMessageParams) => {
    messages.push(m);
  });
  await lsp.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, ...(initializationOptions ? { initializationOptions } : {}) });
  return { lsp, messages };
}

async function close(lsp: LspSession): Promise<void> {
  assert.equal(await lsp.shutdown(), 0, lsp.stderr());
}

async function open(lsp: LspSession, file: string, body = text) {
  const uri = pathToFileURL(file).href;
  await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text: body } });
  return (await lsp.nextDiagnostics(uri)).diagnostics;
}

test('swaglint-lsp: an untrusted workspace\'s JavaScript config and plugins are not run, and the user is told', { timeout: hangGuardMs }, async (t) => {
  const dir = projectWith({
    'js/swaglint.config.mjs': jsConfig, 'js/api.yaml': text,
    'yaml/.swaglint.yaml': 'plugins: [./plugin.mjs]\nrules:\n  path-no-verbs: off\n', 'yaml/plugin.mjs': plugin, 'yaml/api.yaml': text,
  });
  const { lsp, messages } = await session(dir);
  t.after(() => lsp.child.kill());
  // linted with the defaults: path-no-verbs, which either config turns off, is reported
  assert.deepEqual(codes(await open(lsp, path.join(dir, 'js/api.yaml'))), ['path-no-verbs']);
  assert.deepEqual(codes(await open(lsp, path.join(dir, 'yaml/api.yaml'))), ['path-no-verbs']);
  assert.equal(existsSync(path.join(dir, 'js/config-ran')), false, 'the JavaScript config ran');
  assert.equal(existsSync(path.join(dir, 'yaml/plugin-ran')), false, 'the plugin ran');
  assert.equal(messages.length, 2, JSON.stringify(messages));
  assert.match(messages[0]!.message, /swaglint\.config\.mjs was not loaded: it is a JavaScript configuration, which runs code, and the workspace is not trusted/);
  assert.match(messages[1]!.message, /\.swaglint\.yaml was not loaded: it loads plugins \(\.\/plugin\.mjs\)/);
  await close(lsp);
});

test('swaglint-lsp: a trusted workspace\'s JavaScript config is used', { timeout: hangGuardMs }, async (t) => {
  const dir = projectWith({ 'swaglint.config.mjs': jsConfig, 'api.yaml': text });
  const { lsp, messages } = await session(dir, { trustedWorkspace: true });
  t.after(() => lsp.child.kill());
  assert.deepEqual(codes(await open(lsp, path.join(dir, 'api.yaml'))), []);
  assert.ok(existsSync(path.join(dir, 'config-ran')));
  assert.deepEqual(messages, []);
  await close(lsp);
});

test('swaglint-lsp: after opening a hostile document the server publishes and answers shutdown', { timeout: hangGuardMs }, async (t) => {
  const aaa = `'${'a'.repeat(40)}!'`;
  const refs = Array.from({ length: 20 }, () => "{$ref: '#/definitions/B'}").join(', ');
  const hostile = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
security: []
paths:
  /a:
    post:
      parameters:
        - {name: q, in: query, type: string, pattern: '^(a+)+$', default: ${aaa}}
        - {name: b, in: body, schema: {$ref: '#/definitions/B'}}
      responses: {200: {description: ok}}
definitions:
  A:
    allOf: [{$ref: '#/definitions/A'}, {$ref: '#/definitions/A'}]
    example: {x: 1}
  B:
    allOf: [${refs}]
    enum: [${Array.from({ length: 20_000 }, (_, i) => `v${i}`).join(', ')}]
`;
  const dir = projectWith({ 'api.yaml': hostile });
  const { lsp } = await session(dir);
  t.after(() => lsp.child.kill());
  const found = codes(await open(lsp, path.join(dir, 'api.yaml'), hostile));
  assert.ok(found.includes('value-fits-schema'), found.join(' '));
  await close(lsp);
});
