import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toLspDiagnostic } from '../src/lsp/to-lsp.js';
import type { Diagnostic } from '../src/types.js';

const at = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });

test("a finding's related places become relatedInformation in the published document", () => {
  const d: Diagnostic = {
    ruleId: 'description-markdown',
    severity: 'warn',
    message: "2 links (the first: '[a](x)') are not supported in descriptions; …",
    uri: '/work/api.yaml',
    pointer: '/info/description',
    range: at(3, 10, 16),
    related: [
      { range: at(3, 10, 16), message: "A link: '[a](x)'" },
      { range: at(4, 2, 8), message: "A link: '[b](y)'" },
    ],
  };
  const lsp = toLspDiagnostic(d, () => 'https://example.invalid/docs/rules/description-markdown.md', 'file:///work/api.yaml');
  assert.deepEqual(lsp.relatedInformation, [
    { location: { uri: 'file:///work/api.yaml', range: at(3, 10, 16) }, message: "A link: '[a](x)'" },
    { location: { uri: 'file:///work/api.yaml', range: at(4, 2, 8) }, message: "A link: '[b](y)'" },
  ]);
  assert.deepEqual(lsp.codeDescription, { href: 'https://example.invalid/docs/rules/description-markdown.md' });
  const plain = toLspDiagnostic({ ...d, related: undefined }, () => undefined, 'file:///work/api.yaml');
  assert.equal(plain.relatedInformation, undefined);
  assert.equal(plain.codeDescription, undefined, 'no docs link, no codeDescription');
});
