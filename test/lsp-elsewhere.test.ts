// The language server shows a document its own findings and, for each file it `$ref`s that has
// findings, one diagnostic at the `$ref` that leads there: the most severe finding, and how many more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingsElsewhere, isFromElsewhere } from '../src/lsp/elsewhere.js';
import { codeActions } from '../src/lsp/code-actions.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from '../src/types.js';

const at = (line: number, character: number): Range => ({ start: { line, character }, end: { line, character: character + 1 } });
const finding = (uri: string, ruleId: string, severity: Diagnostic['severity'], line: number, message: string): Diagnostic => ({ ruleId, severity, message, uri, pointer: '', range: at(line, 2) });

test('one diagnostic per other file, at its entry $ref, naming the most severe finding and the count of the rest', () => {
  const diagnostics = [
    finding('/api/root.yaml', 'path-no-verbs', 'warn', 3, 'a verb'),
    finding('/api/defs/order.yaml', 'description-nonempty', 'hint', 1, 'no description'),
    finding('/api/defs/order.yaml', 'schema-valid', 'error', 4, 'Unknown property `tpye`'),
    finding('/api/defs/order.yaml', 'schema-valid', 'error', 7, 'another'),
    finding('/api/lone.yaml', 'ref-resolves', 'error', 0, 'a cycle'),
    finding('/api/unreached.yaml', 'ref-resolves', 'error', 0, 'no entry known'),
  ];
  const entries = new Map([['/api/defs/order.yaml', at(9, 10)], ['/api/lone.yaml', at(12, 10)]]);
  const shown = findingsElsewhere('/api/root.yaml', diagnostics, entries);
  assert.deepEqual(shown.map((d) => [d.uri, d.ruleId, d.severity, d.range.start.line, d.message]), [
    ['/api/root.yaml', 'schema-valid', 'error', 9, 'In defs/order.yaml:5:3, reached through this $ref: Unknown property `tpye` (and 2 more findings in that file: swaglint lint lists them)'],
    ['/api/root.yaml', 'ref-resolves', 'error', 12, 'In lone.yaml:1:3, reached through this $ref: a cycle'],
  ]);
  assert.deepEqual(findingsElsewhere('/api/root.yaml', diagnostics, undefined), []);
});

test("a file's findings shown at the $ref carry none of its fixes and offer no ignore comment here", () => {
  const fix = { title: 'Rename it', edits: [{ range: at(4, 2), newText: 'type' }] };
  const other: Diagnostic = { ...finding('/api/defs/order.yaml', 'schema-valid', 'error', 4, 'Unknown property `tpye`'), fix, related: [{ range: at(1, 0), message: 'there' }] };
  const [shown] = findingsElsewhere('/api/root.yaml', [other], new Map([['/api/defs/order.yaml', at(9, 10)]]));
  assert.ok(shown && isFromElsewhere(shown));
  assert.equal(shown.fix, undefined);
  assert.equal(shown.related, undefined);
  const text = 'swagger: "2.0"\n'.repeat(12);
  const doc = TextDocument.create('file:///api/root.yaml', 'yaml', 1, text);
  const asked = [{ source: 'swaglint', code: shown.ruleId, message: shown.message, range: shown.range }];
  assert.deepEqual(codeActions(doc, { version: 1, diagnostics: [shown] }, asked), []);
  // the same finding in the open file itself is offered its ignore comment
  const own: Diagnostic = { ...shown, uri: '/api/root.yaml' };
  assert.equal(codeActions(doc, { version: 1, diagnostics: [own] }, [{ ...asked[0]!, message: own.message }]).length, 1);
});
