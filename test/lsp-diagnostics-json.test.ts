// The language server's kept conversions (issue 41): a publication written from the kept JSON texts is
// the bytes JSON.stringify writes for the same message, and a finding is converted once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticsJson, prebuiltJsonEncoder, sameTexts } from '../src/lsp/diagnostics-json.js';
import { toLspDiagnostic } from '../src/lsp/to-lsp.js';
import type { Diagnostic } from '../src/types.js';

const at = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });
const docsLink = (id: string) => `https://example.invalid/docs/rules/${id}.md`;
const uri = 'file:///work/api.yaml';

const findings: Diagnostic[] = [
  { ruleId: 'description-markdown', severity: 'warn', message: 'A link "[a](x)" \u0000 and \u2028 \ud83d\ude00', uri: '/work/api.yaml', pointer: '/info/description', range: at(3, 10, 16), related: [{ range: at(4, 2, 8), message: 'here' }] },
  { ruleId: 'operation-id-unique', severity: 'error', message: 'Duplicate operationId', uri: '/work/api.yaml', pointer: '/paths/~1a/get', range: at(9, 4, 9) },
];

const encoded = async (message: object) => Buffer.from(await prebuiltJsonEncoder.encode(message as never, { charset: 'utf-8' })).toString('utf8');

test('a publication written from the kept texts is what JSON.stringify writes', async () => {
  const converted = new DiagnosticsJson(docsLink).convert(findings, uri);
  assert.deepEqual(converted.diagnostics, findings.map((d) => toLspDiagnostic(d, docsLink, uri)));
  const message = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version: 7, diagnostics: converted.diagnostics } };
  assert.equal(await encoded(message), JSON.stringify(message));
  // a list the converter did not make (the close's empty one, any other message) is serialised as usual
  const plain = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, diagnostics: [] } };
  assert.equal(await encoded(plain), JSON.stringify(plain));
  const other = { jsonrpc: '2.0', id: 1, result: { capabilities: { diagnostics: 'marker \u0000swaglint-prebuilt\u0000' } } };
  assert.equal(await encoded(other), JSON.stringify(other));
});

test('a finding is converted once; a new object, or another document, is converted again', () => {
  const json = new DiagnosticsJson(docsLink);
  const first = json.convert(findings, uri);
  const again = json.convert([findings[1]!, findings[0]!], uri);
  assert.equal(again.diagnostics[0], first.diagnostics[1], 'the kept LSP object');
  assert.equal(again.texts[1], first.texts[0]);
  assert.ok(sameTexts(json.convert(findings, uri).texts, first.texts));
  assert.ok(!sameTexts(again.texts, first.texts));
  const moved = json.convert([{ ...findings[0]!, range: at(5, 10, 16) }, findings[1]!], uri);
  assert.ok(!sameTexts(moved.texts, first.texts));
  assert.equal(JSON.parse(moved.texts[0]!).range.start.line, 5);
  const elsewhere = json.convert(findings, 'file:///work/other.yaml');
  assert.equal(JSON.parse(elsewhere.texts[0]!).relatedInformation[0].location.uri, 'file:///work/other.yaml');
});
