// Chains of `$ref`s a document can make as long as it likes (issue 37): 20,000 schemas each naming the
// next through a property and an array's items, 3,000 naming the next through `allOf`, and in OpenAPI 3
// 2,000 callbacks each naming the next. Walks that followed a `$ref` by recursion (the OpenAPI 3 model,
// required-properties-exist, the declared properties of a schema) stopped at "Maximum call stack size
// exceeded". The long chains give the short chains' findings. (An `allOf` chain costs its length per
// schema, as each schema's declared properties are all of its members': 3,000 keeps the run short.)
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { assertNoStack, findings, runCli, tempProject } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-deep-refs-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

type Format = 'swagger2' | 'openapi30' | 'openapi31';

/** The document with a chain of `n` schemas, `m` schemas through allOf and (OpenAPI 3) `m` callbacks, one per line. */
function chain(format: Format, n: number, m: number): string {
  // names of one width in both chains, so that the same finding has the same column in each
  const S = (i: number) => `S${String(i).padStart(5, '0')}`;
  const A = (i: number) => `A${String(i).padStart(4, '0')}`;
  const swagger = format === 'swagger2';
  const at = swagger ? '#/definitions/' : '#/components/schemas/';
  const lines = swagger
    ? ["swagger: '2.0'", "info: {title: Orders, version: '1.0', description: Orders API}", 'schemes: [https]', 'security: []', 'paths:', '  /orders:',
      "    get: {description: Lists.,   responses: {'200': {description: OK, schema: {$ref: '#/definitions/S00000'}}}}",
      "    post: {description: Adds., parameters: [{name: b, in: body, schema: {$ref: '#/definitions/S00000'}}], responses: {'201': {description: OK, schema: {$ref: '#/definitions/S00000'}}}}",
      'definitions:']
    : [`openapi: ${format === 'openapi30' ? '3.0.3' : '3.1.0'}`, "info: {title: Orders, version: '1.0', description: Orders API}", 'security: []', 'paths:', '  /orders:',
      "    get: {description: Lists., responses: {'200': {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/S00000'}}}}}}",
      "    post: {description: Adds., requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/S00000'}}}}, callbacks: {c: {$ref: '#/components/callbacks/C0'}}, responses: {'201': {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/S00000'}}}}}}",
      'components:', '  callbacks:'];
  const indent = swagger ? '  ' : '    ';
  if (!swagger) {
    for (let i = 0; i < m; i++) lines.push(`${indent}C${i}: {'{$request.body#/url}': {post: {description: Calls., callbacks: {c: {$ref: '#/components/callbacks/C${i + 1}'}}, responses: {'200': {description: OK}}}}}`);
    lines.push(`${indent}C${m}: {'{$request.body#/url}': {post: {description: Calls., responses: {'200': {description: OK}}}}}`, '  schemas:');
  }
  for (let i = 0; i < n; i++) {
    const next = `{$ref: '${at}${S(i + 1)}'}`;
    const also = i === 0 ? `, allOf: [{$ref: '${at}${A(0)}'}]` : '';
    lines.push(`${indent}${S(i)}: {type: object, description: A step., required: [p]${also}, properties: {p: ${next}, q: {type: array, description: Steps., items: ${next}}}}`);
  }
  lines.push(`${indent}${S(n)}: {type: array, description: The end.}`);
  for (let i = 0; i < m; i++) lines.push(`${indent}${A(i)}: {type: object, description: A part., required: [a], properties: {a: {type: string, description: A field.}}, allOf: [{$ref: '${at}${A(i + 1)}'}]}`);
  lines.push(`${indent}${A(m)}: {type: array, description: The last part.}`);
  return lines.join('\n') + '\n';
}

/** The findings, with the lines of the chains' last schemas written as names, not numbers. */
function lint(format: Format, n: number, m: number): string[] {
  const text = chain(format, n, m);
  const file = writeProjectFile(dir, `${format}-${n}.yaml`, text);
  const run = runCli(['lint', file, '--preset', 'all', '--format', 'json'], dir);
  assert.equal(run.signal, null);
  assertNoStack(run);
  const lines = text.split('\n');
  const end = lines.findIndex((l) => l.trimStart().startsWith(`S${String(n).padStart(5, '0')}:`)) + 1;
  const last = lines.findIndex((l) => l.trimStart().startsWith(`A${String(m).padStart(4, '0')}:`)) + 1;
  return findings(run).map((f) => `${f.line === end ? 'end' : f.line === last ? 'last' : f.line}:${f.column} ${f.ruleId} ${f.message}`);
}

for (const format of ['swagger2', 'openapi30', 'openapi31'] as const) {
  test(`a chain of 20,000 schema $refs lints without a stack overflow, with a short chain's findings (${format})`, () => {
    const short = lint(format, 3, 3);
    assert.ok(!short.some((f) => /internal-error|Maximum call stack/.test(f)), short.join('\n'));
    if (format !== 'openapi31') assert.ok(short.some((f) => f.startsWith('end:') && f.includes('array-items')), short.join('\n'));
    assert.deepEqual(lint(format, 20_000, 3_000), short);
  });
}
