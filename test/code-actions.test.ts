// The language server's quick fixes offer an ignore comment only where the ignore filter would honour
// it: once it offered "Ignore unused-ignore on this line", and applying that added a second unused-ignore.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { codeActions } from '../src/lsp/code-actions.js';
import { lintText } from '../src/pipeline/lint.js';
import { toLspDiagnostic } from '../src/lsp/to-lsp.js';

const text = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders}
paths:
  # swaglint-disable-next-line path-trailing-slash
  /orders: {}
  /getOrders: {}
`;

test('no quick fix ignores unused-ignore (or a finding about the file), and applying the offered ones leaves no new unused-ignore', async () => {
  const uri = '/work/api.yaml';
  const { diagnostics } = await lintText(text, uri);
  assert.deepEqual(diagnostics.map((d) => `${d.range.start.line + 1} ${d.ruleId}`), ['4 unused-ignore', '6 path-no-verbs']);
  const doc = TextDocument.create('file:///work/api.yaml', 'yaml', 1, text);
  const lsp: LspDiagnostic[] = diagnostics.map((d) => toLspDiagnostic(d, () => undefined));
  const actions = codeActions(doc, { version: 1, diagnostics }, lsp);
  assert.deepEqual(actions.map((a) => a.title), ['Ignore path-no-verbs on this line']);
  const fixed = TextDocument.applyEdits(doc, actions[0]!.edit!.changes![doc.uri]!);
  const after = await lintText(fixed, uri);
  assert.deepEqual(after.diagnostics.map((d) => `${d.range.start.line + 1} ${d.ruleId}`), ['4 unused-ignore'], 'the ignore is used; nothing new');

  // the engine's own findings are never offered an ignore either
  const parseError = { ...diagnostics[0]!, ruleId: 'parse-error', category: 'validity' as const, message: 'The file does not parse.' };
  const notSwagger = { ...diagnostics[0]!, ruleId: 'not-swagger', category: 'validity' as const, message: 'not swagger' };
  const asked = [parseError, notSwagger].map((d) => toLspDiagnostic(d, () => undefined));
  assert.deepEqual(codeActions(doc, { version: 1, diagnostics: [parseError, notSwagger] }, asked), []);
});
