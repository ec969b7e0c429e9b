// Two files whose whole content is a `$ref` to each other (issue 37): the walk followed them for ever
// and one internal-error replaced every finding of the file. Now the file's own findings stand, with
// one ref-resolves finding at the `$ref` that closes the cycle, in the CLI and in the language server
// (there at the document's `$ref` that leads to the cycle, as it shows the open document alone).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification, InitializeRequest } from 'vscode-languageserver-protocol';
import { assertNoStack, findings, runCli, tempProject } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';
import { startLsp } from './helpers/lsp-client.js';
import { hangGuardMs } from './helpers/hang-guard.js';

const dir = tempProject('swaglint-ref-cycle-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const swagger2 = `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
schemes: [https]
security: []
paths:
  /getOrders:
    get:
      responses:
        '200': {description: OK, schema: {$ref: '#/definitions/Order'}}
  /items:
    $ref: cycle/b.yaml
definitions:
  Order: {$ref: cycle/b.yaml}
`;

const openapi31 = `openapi: 3.1.0
info: {title: Orders, version: '1.0', description: Orders API}
security: []
paths:
  /getOrders:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
  /items:
    $ref: cycle/b.yaml
components:
  schemas:
    Order: {$ref: cycle/b.yaml}
`;

writeProjectFile(dir, 'cycle/b.yaml', '$ref: c.yaml\n');
writeProjectFile(dir, 'cycle/c.yaml', '$ref: b.yaml\n');
const cycleMessage = "$ref 'b.yaml' closes a cycle of $refs (b.yaml → c.yaml → b.yaml): each names only the next, none names an object; point one of them at the object itself.";

for (const [name, text, verbs] of [['swagger2.yaml', swagger2, '6:4'], ['openapi31.yaml', openapi31, '5:4']] as const) {
  test(`a two-file $ref cycle reached from a path item and a schema (${name}): the real findings and one cycle finding`, () => {
    const file = writeProjectFile(dir, name, text);
    const run = runCli(['lint', file, '--format', 'json'], dir);
    assert.equal(run.signal, null);
    assertNoStack(run);
    assert.equal(run.code, 1, run.stderr);
    const found = findings(run);
    assert.deepEqual(found.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`), ['cycle/c.yaml:1:7 ref-resolves', `${name}:${verbs} path-no-verbs`]);
    assert.equal(found[0]!.message, cycleMessage);
  });
}

test('swaglint-lsp: a document reaching a two-file $ref cycle gets its findings, and the server logs no stack', { timeout: hangGuardMs }, async (t) => {
  const lsp = startLsp();
  t.after(() => lsp.child.kill());
  await lsp.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
  for (const [name, text, line] of [['lsp-swagger2.yaml', swagger2, 10], ['lsp-openapi31.yaml', openapi31, 13]] as const) {
    writeProjectFile(dir, name, text);
    const uri = pathToFileURL(path.join(dir, name)).href;
    await lsp.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    const { diagnostics } = await lsp.nextDiagnostics(uri);
    // the cycle's finding is in cycle/c.yaml: shown at the document's first $ref that leads there
    assert.deepEqual(diagnostics.map((d) => String(d.code)), ['path-no-verbs', 'ref-resolves'], `${name}: ${JSON.stringify(diagnostics)}`);
    const cycle = diagnostics[1]!;
    assert.deepEqual(cycle.range.start, { line, character: 10 }, JSON.stringify(cycle));
    assert.equal(cycle.message, `In cycle/c.yaml:1:7, reached through this $ref: ${cycleMessage}`);
  }
  assert.equal(await lsp.shutdown(), 0, lsp.stderr());
  assert.doesNotMatch(lsp.stderr(), /Maximum call stack|^\s+at /m);
});
