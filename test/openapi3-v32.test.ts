// OpenAPI 3.2's changes, each with a valid and an invalid fixture (fixtures/oas32/): a valid one has no
// validity finding; an invalid one has exactly the validity findings its `# expect: <rule> <column>`
// markers name (`# expect+N:` for N lines below), at their line and column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lintText } from '../src/pipeline/lint.js';
import type { Diagnostic } from '../src/types.js';
import { projectDir } from './helpers/paths.js';

const root = path.join(projectDir, 'fixtures', 'oas32');
const at = (d: Diagnostic) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`;
const show = (list: Diagnostic[]) => list.map((d) => `${at(d)} ${d.message}`).join('\n');

function expectations(text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/#\s*expect(?:\+(\d+))?:\s*([a-z0-9-]+)\s+(\d+)/g)) out.push(`${i + 1 + Number(m[1] ?? 0)}:${m[3]} ${m[2]}`);
  });
  return out;
}

async function lintFile(file: string): Promise<{ text: string; findings: Diagnostic[] }> {
  const text = readFileSync(file, 'utf8');
  const result = await lintText(text, file, { cwd: root });
  assert.equal(result.skipped, undefined);
  return { text, findings: result.diagnostics };
}

const sort = (a: string[]) => [...a].sort((x, y) => parseInt(x) - parseInt(y) || x.localeCompare(y));

for (const kind of ['valid', 'invalid'] as const) {
  for (const name of readdirSync(path.join(root, kind)).filter((n) => n.endsWith('.yaml')).sort()) {
    test(`OpenAPI 3.2 ${kind}: ${name}`, async () => {
      const { text, findings } = await lintFile(path.join(root, kind, name));
      const validity = findings.filter((d) => d.category === 'validity' || d.ruleId === 'internal-error');
      const expected = expectations(text);
      if (kind === 'valid') assert.deepEqual(expected, [], 'a valid fixture expects nothing');
      else assert.ok(expected.length > 0, 'an invalid fixture expects a finding');
      assert.deepEqual(sort(validity.map(at)), sort(expected), show(findings));
    });
  }
}

test('OpenAPI 3.2: the conventions run on `query` and `additionalOperations` operations as on any other', async () => {
  const text = `openapi: 3.2.0
info: {title: Orders, version: '1.0', description: Orders.}
paths:
  /getOrders:
    query:
      operationId: searchOrders
      responses: {'200': {description: OK}}
  /orders/{orderId}:
    parameters:
      - {name: orderId, in: path, required: true, schema: {type: string}}
    additionalOperations:
      COPY:
        operationId: searchOrders
        responses: {'201': {description: Copied.}}
`;
  const { diagnostics } = await lintText(text, '/virtual/api.yaml');
  const found = diagnostics.map(at);
  for (const expected of ['4:4 path-no-verbs', '13:22 operation-id-unique']) {
    assert.ok(found.includes(expected), `${expected} in:\n${show(diagnostics)}`);
  }
  assert.ok(!diagnostics.some((d) => d.ruleId === 'schema-valid' || d.ruleId === 'openapi-version' || d.ruleId === 'internal-error'), show(diagnostics));
});

test('OpenAPI 3.2: a Media Type reached by `$ref` in another file is checked as one, its findings in that file', async () => {
  const { findings } = await lintFile(path.join(root, 'files', 'api.yaml'));
  const validity = findings.filter((d) => d.category === 'validity' || d.ruleId === 'internal-error');
  assert.deepEqual(validity.map((d) => `${path.relative(root, d.uri)} ${at(d)}`), ['files/media-type.yaml 4:1 schema-valid'], show(findings));
  assert.match(validity[0]!.message, /Unknown property `itemsSchema` in a media type object; did you mean `itemSchema`\?/);
});

test('OpenAPI 3.2: render lists `query` and additional operations', async () => {
  const { renderDocument } = await import('../src/pipeline/render.js');
  const html = renderDocument({
    openapi: '3.2.0',
    info: { title: 'Orders', version: '1' },
    paths: { '/orders': { query: { responses: {} }, additionalOperations: { COPY: { responses: {} } } } },
  });
  assert.match(html, /<span class="method query">QUERY<\/span> \/orders/);
  assert.match(html, /<span class="method copy">COPY<\/span> \/orders/);
});
