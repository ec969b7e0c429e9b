// Hostile input that needs a server or credentials (issue 15): a fetched document's `file:` $ref
// never reaches the local file system, even when the root document is local; a secret spelled with
// escapes is scrubbed from code frames and SARIF snippets; a refused $ref outside the project does
// not tell whether the file exists; schema-valid and render survive hostile keys and pointers.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertNoStack, findings, runCli, tempProject } from './helpers/cli.js';
import { documentServer, runCliAsync, startServer, type TestServer } from './helpers/remote.js';
import { cleanHead, writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-hostile-remote-');
let server: TestServer;
const head = cleanHead;

const file = (name: string, content: string | Buffer): string => writeProjectFile(dir, name, content);

before(async () => {
  // inside the project, so only the rule about fetched documents can refuse it
  file('inside.yaml', 'A: {type: integer, default: not-a-number}\n');
  const local = pathToFileURL(path.join(dir, 'inside.yaml')).href;
  server = await startServer(documentServer({ '/remote.yaml': `B: {$ref: '${local}#/A'}\n` }, () => true));
});
after(async () => {
  await server.close();
  rmSync(path.dirname(dir), { recursive: true, force: true });
});

test('a fetched document\'s file: $ref is not read, though the root document is local', async () => {
  const name = file('api.yaml', head + `paths: {}\ndefinitions:\n  X: {$ref: '${server.origin}/remote.yaml#/B'}\n`);
  const run = await runCliAsync(['lint', name, '--resolve-remote', '--format', 'json'], dir);
  assertNoStack(run);
  const found = findings(run);
  assert.ok(found.some((f) => f.ruleId === 'ref-resolves' && /may not read local files/.test(f.message)), run.stdout);
  // the local file's own finding (a default that is no integer) would show it was read
  assert.ok(!found.some((f) => f.ruleId === 'value-fits-schema'), run.stdout);
});

test('a secret spelled with \\u escapes is scrubbed from stylish code frames and SARIF snippets', () => {
  process.env['SWAGLINT_HOSTILE_TOKEN'] = 'secret-T0ken-42';
  const name = file('secret.yaml', head + 'paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, type: integer, default: "\\u0073ecret-T0ken-42"}\n      responses: {\'200\': {description: OK}}\n');
  for (const format of ['stylish', 'sarif', 'json']) {
    const run = runCli(['lint', name, '--bearer', 'env:SWAGLINT_HOSTILE_TOKEN', '--auth-origin', server.origin, '--format', format], dir);
    assertNoStack(run);
    assert.equal(run.code, 1, run.stderr);
    const out = run.stdout + run.stderr;
    assert.match(out, /\*\*\*/, `${format}: the finding is still shown`);
    assert.doesNotMatch(out, /ecret-T0ken-42/, `${format} shows the secret:\n${out}`);
    if (format !== 'stylish') JSON.parse(run.stdout); // the scrubbing left the report valid JSON
  }
});

test('a refused $ref outside the project reads the same whether the file exists or not', () => {
  const outside = path.join(path.dirname(dir), 'outside.yaml');
  writeFileSync(outside, 'A: {type: string}\n');
  const message = (target: string) => {
    const name = file(`probe-${path.basename(target)}.yaml`, head + `paths: {}\ndefinitions:\n  X: {$ref: '${target}#/A'}\n`);
    const run = runCli(['lint', name, '--format', 'json'], dir);
    assertNoStack(run);
    return findings(run).filter((f) => f.ruleId === 'ref-resolves').map((f) => f.message.replace(/'[^']*'/g, "'…'"));
  };
  const existing = message(outside);
  const missing = message(path.join(path.dirname(dir), 'no-such-file.yaml'));
  assert.equal(existing.length, 1);
  assert.deepEqual(missing, existing);
  assert.match(existing[0]!, /leaves the project/);
});

test('security requirements named __proto__ and toString do not stop schema-valid; render survives #/definitions/%', () => {
  const name = file('proto.json', JSON.stringify({ swagger: '2.0', info: { title: 'T', version: '1', description: 'D' }, paths: {}, bogus: 1, security: [JSON.parse('{"__proto__": []}'), { toString: [] }], definitions: { A: { $ref: '#/definitions/%' } } }));
  const run = runCli(['lint', name, '--format', 'json'], dir);
  assertNoStack(run);
  const ids = findings(run).map((f) => f.ruleId);
  assert.ok(ids.includes('schema-valid'), run.stdout);
  assert.ok(!ids.includes('internal-error'), run.stdout);
  const render = runCli(['render', name], dir);
  assertNoStack(render);
  assert.equal(render.code, 0, render.stderr);
  assert.match(render.stdout, /<html/i);
});
