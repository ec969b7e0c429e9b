// Which files are API descriptions (issue 14, class 4): a Swagger document that lost or misspelt its
// `swagger` field, or was saved as UTF-16, is reported and fails the run; other YAML and JSON files
// (what pre-commit hands the hook besides) are still skipped.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { apiKind, misspeltVersionKey } from '../src/formats/swagger2/detect.js';
import { wideEncoding } from '../src/load/wide-encoding.js';
import { findings, runMain, tempProject } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-detect-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const file = (name: string, content: string | Buffer): string => writeProjectFile(dir, name, content);

const body = 'info: {title: Orders, version: "1.0", description: Orders API}\npaths:\n  /orders:\n    get: {responses: {"200": {description: OK}}, security: []}\n';

test('apiKind: Swagger, OpenAPI, Swagger without its version, and everything else', async () => {
  assert.equal(apiKind({ swagger: '2.0' }).kind, 'swagger');
  assert.equal(apiKind({ openapi: '3.0.0' }).kind, 'openapi');
  assert.deepEqual(apiKind({ paths: {}, info: {} }), { kind: 'swagger-without-version' });
  assert.deepEqual(apiKind({ paths: {}, basePath: '/v1' }), { kind: 'swagger-without-version' });
  assert.deepEqual(apiKind({ swager: '2.0', info: {} }), { kind: 'swagger-without-version', misspelt: 'swager' });
  assert.deepEqual(apiKind({ Swagger: '2.0' }), { kind: 'swagger-without-version', misspelt: 'Swagger' });
  // a JSON Schema has `definitions`; a compose file, a package.json: none of Swagger's shape
  assert.equal(apiKind({ $schema: 'http://json-schema.org/draft-04/schema#', definitions: {} }).kind, 'none');
  assert.equal(apiKind({ services: { web: {} } }).kind, 'none');
  assert.equal(apiKind({ paths: ['a'], info: {} }).kind, 'none');
  assert.equal(apiKind([1, 2]).kind, 'none');
  assert.equal(apiKind(null).kind, 'none');
});

test('misspeltVersionKey: one letter off or other case, holding a version; not another tool\'s key', async () => {
  assert.equal(misspeltVersionKey({ swaggger: '2.0' }), 'swaggger');
  assert.equal(misspeltVersionKey({ openAPI: '3.0.1' }), 'openAPI');
  assert.equal(misspeltVersionKey({ tagger: '2.0' }), undefined);
  assert.equal(misspeltVersionKey({ 'x-swagger': '2.0' }), undefined);
  assert.equal(misspeltVersionKey({ swager: { a: 1 } }), undefined);
});

test('wideEncoding: UTF-16 and UTF-32 read as UTF-8, not a few stray NULs', async () => {
  const text = 'swagger: "2.0"\ninfo: {title: A}\n';
  const as = (encoding: 'utf16le', bom: number[]) => new TextDecoder().decode(Buffer.concat([Buffer.from(bom), Buffer.from(text, encoding)]));
  assert.equal(wideEncoding(as('utf16le', [0xff, 0xfe])), 'UTF-16');
  assert.equal(wideEncoding(as('utf16le', [])), 'UTF-16');
  const utf32 = new TextDecoder().decode(Buffer.from([...text].flatMap((c) => [c.charCodeAt(0), 0, 0, 0])));
  assert.equal(wideEncoding(utf32), 'UTF-32');
  assert.equal(wideEncoding(text), undefined);
  assert.equal(wideEncoding(`a: "x\u0000y"\n` + 'b: 1\n'.repeat(40)), undefined);
});

test('a Swagger document without swagger fails with swagger-version; other YAML is still skipped', async () => {
  file('api.yaml', body);
  file('compose.yaml', 'services:\n  web: {image: nginx}\n');
  file('schema.json', JSON.stringify({ $schema: 'http://json-schema.org/draft-04/schema#', definitions: { a: { type: 'string' } } }));
  const run = await runMain(['lint', 'api.yaml', 'compose.yaml', 'schema.json', '--format', 'json'], dir);
  assert.equal(run.code, 1, run.stderr);
  const found = findings(run).filter((f) => f.ruleId === 'swagger-version');
  assert.deepEqual(found.map((f) => `${f.file}:${f.line}:${f.column}`), ['api.yaml:1:1']);
  assert.match(found[0]!.message, /no top-level `swagger` field/);
  assert.equal(run.stderr.split('\n').filter((l) => l.startsWith('swaglint: skipped')).length, 2, run.stderr);
});

test('a misspelt swager: key is named, and the run fails', async () => {
  file('typo.yaml', 'swager: "2.0"\n' + body);
  const run = await runMain(['lint', 'typo.yaml', '--format', 'json'], dir);
  assert.equal(run.code, 1, run.stderr);
  const found = findings(run).filter((f) => f.ruleId === 'swagger-version' || f.ruleId === 'schema-valid');
  assert.deepEqual(found.map((f) => `${f.line}:${f.column} ${f.ruleId}`), ['1:1 swagger-version']);
  assert.match(found[0]!.message, /`swager` is not `swagger`/);
});

test('a UTF-16 document says so and fails; a UTF-16 file that is no API description is skipped', async () => {
  file('wide.yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('swagger: "2.0"\n' + body, 'utf16le')]));
  file('wide-notes.yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('notes: [a, b]\n', 'utf16le')]));
  const run = await runMain(['lint', 'wide.yaml', 'wide-notes.yaml', '--format', 'json'], dir);
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(findings(run).map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`), ['wide.yaml:1:1 parse-error']);
  assert.match(findings(run)[0]!.message, /encoded in UTF-16; swaglint reads UTF-8/);
  assert.match(run.stderr, /skipped wide-notes\.yaml: not an API description \(UTF-16 text/);
});
