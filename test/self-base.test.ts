// OpenAPI 3.2's `$self` (issue 37): a document's self-assigned URI is its base URI, so its relative
// `$ref`s resolve against it, and an absolute one names the document to other files' `$ref`s. The
// fixtures ref-resolves/oas3.2-self*.yaml show the folder case and an invalid `$self`; these cases the
// other shapes: a file's `$self` naming itself, a URL `$self` whose folder the local file's stands for, a
// relative `$ref` that leaves that folder (remote), and documents of earlier versions, where `$self` is no
// field.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { lintText } from '../src/pipeline/lint.js';
import { baseFrom } from '../src/load/refs.js';
import { load } from '../src/pipeline/library.js';
import { tempProject } from './helpers/cli.js';
import { writeProjectFile } from './helpers/project.js';

const dir = tempProject('swaglint-self-');
after(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const head = (version: string, self?: string) =>
  `openapi: ${version}\n${self === undefined ? '' : `$self: '${self}'\n`}info: {title: Pets, version: '1.0', description: Pets API}\nsecurity: []\n`;

/** A document whose one response's schema is `$ref`, linted with ref-resolves alone. */
async function refFindings(name: string, version: string, self: string | undefined, ref: string): Promise<string[]> {
  const text = `${head(version, self)}paths:\n  /pets:\n    get:\n      description: Lists.\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: '${ref}'}\n`;
  writeProjectFile(dir, name, text);
  const result = await lintText(text, path.join(dir, name), { rules: { 'ref-resolves': 'error' }, cwd: dir });
  return result.diagnostics.filter((d) => d.ruleId === 'ref-resolves' || d.ruleId === 'internal-error').map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

writeProjectFile(dir, 'v1/pet.yaml', 'Pet: {type: object, properties: {id: {type: string}}}\n');

test('baseFrom: a relative $self is resolved against where the document was read; a folder keeps its closing separator', () => {
  const at = path.join(dir, 'openapi.yaml');
  assert.equal(baseFrom(at, 'v1/'), path.join(dir, 'v1') + path.sep);
  assert.equal(baseFrom(at, 'v1/openapi.yaml'), path.join(dir, 'v1', 'openapi.yaml'));
  assert.equal(baseFrom(at, 'https://example.com/api/openapi'), 'https://example.com/api/openapi');
  assert.equal(baseFrom('https://example.com/api/openapi.yaml', 'v2/'), 'https://example.com/api/v2/');
});

test('OpenAPI 3.2: a file $self names (v1/openapi.yaml) is the base: pet.yaml is read from v1/', async () => {
  assert.deepEqual(await refFindings('file-self.yaml', '3.2.0', 'v1/openapi.yaml', 'pet.yaml#/Pet'), []);
});

test('OpenAPI 3.0 and 3.1 have no $self: the same document resolves from its own folder, where pet.yaml is not', async () => {
  for (const version of ['3.0.3', '3.1.0']) {
    const found = await refFindings(`no-self-${version}.yaml`, version, 'v1/', 'pet.yaml#/Pet');
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /^14:30 .*'pet\.yaml' does not exist/);
  }
});

test('OpenAPI 3.2: a file read from disk whose $self is a URL is a local copy: a relative $ref below that URL is read beside the file', async () => {
  assert.deepEqual(await refFindings('copy-self.yaml', '3.2.0', 'https://example.com/api/openapi.yaml', 'v1/pet.yaml#/Pet'), []);
});

test('OpenAPI 3.2: under a URL $self, a local copy\'s file name with a stray % is read as written, as without $self', async () => {
  writeProjectFile(dir, 'v1/100%.yaml', 'Pet: {type: object}\n');
  assert.deepEqual(await refFindings('percent-self.yaml', '3.2.0', 'https://example.com/api/openapi.yaml', 'v1/100%.yaml#/Pet'), []);
});

test('OpenAPI 3.2: a relative $ref that leaves the folder of an absolute $self is remote: it is not read from disk unless remote $refs are allowed', async () => {
  const found = await refFindings('remote-self.yaml', '3.2.0', 'https://example.com/api/openapi.yaml', '../v1/pet.yaml#/Pet');
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0]!, /^14:30 .*https:\/\/example\.com\/v1\/pet\.yaml.*--resolve-remote/);
});

test("OpenAPI 3.2: a $ref'd document names itself by its absolute $self, and is not fetched from there", async () => {
  // pets.yaml's schema names its sibling by pets.yaml's own $self: that is pets.yaml, already loaded
  writeProjectFile(dir, 'shared/pets.yaml', `${head('3.2.0', 'https://example.com/shared/pets.yaml')}components:\n  schemas:\n    Pet: {type: object, properties: {id: {$ref: 'https://example.com/shared/pets.yaml#/components/schemas/Id'}}}\n    Id: {type: string}\n`);
  assert.deepEqual(await refFindings('named-self.yaml', '3.2.0', undefined, 'shared/pets.yaml#/components/schemas/Pet'), []);
});

test("the library's load reads a file's $self as its base too: the files it names are loaded from there", async () => {
  const text = `${head('3.2.0', 'v1/')}paths: {}\ncomponents:\n  schemas:\n    Pet: {$ref: 'pet.yaml#/Pet'}\n`;
  writeProjectFile(dir, 'loaded.yaml', text);
  const doc = await load({ path: 'loaded.yaml' }, { cwd: dir });
  assert.deepEqual([...doc.sources.keys()].map((uri) => path.relative(dir, uri)), ['loaded.yaml', path.join('v1', 'pet.yaml')]);
  assert.equal(doc.failures.size, 0);
});

test("OpenAPI 3.2: a schema's relative $id resolves against $self: an absolute $ref names it there", async () => {
  const text = `${head('3.2.0', 'https://example.com/api/openapi')}paths:\n  /pets:\n    get:\n      description: Lists.\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: 'https://example.com/api/schemas/pet'}\ncomponents:\n  schemas:\n    Pet: {$id: 'schemas/pet', type: object}\n`;
  writeProjectFile(dir, 'self-id.yaml', text);
  const result = await lintText(text, path.join(dir, 'self-id.yaml'), { rules: { 'ref-resolves': 'error' }, cwd: dir });
  assert.deepEqual(result.diagnostics.filter((d) => d.ruleId === 'ref-resolves' || d.ruleId === 'internal-error').map((d) => d.message), []);
});

test("OpenAPI 3.2: a $ref'd file's own $self is the base of its $refs where the walk does not go: a missing file there is reported in that file", async () => {
  writeProjectFile(dir, 'lib/common.yaml', `${head('3.2.0', '../v1/')}components:\n  schemas:\n    Pet:\n      type: object\n      x-sample: {$ref: 'missing.yaml'}\n`);
  const text = `${head('3.2.0')}paths:\n  /pets:\n    get:\n      description: Lists.\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: {$ref: 'lib/common.yaml#/components/schemas/Pet'}\n`;
  writeProjectFile(dir, 'other-self.yaml', text);
  const result = await lintText(text, path.join(dir, 'other-self.yaml'), { rules: { 'ref-resolves': 'error' }, cwd: dir });
  const found = result.diagnostics.filter((d) => d.ruleId === 'ref-resolves' || d.ruleId === 'internal-error');
  // v1/missing.yaml, where common.yaml's $self puts it; lib/missing.yaml was never looked for
  assert.deepEqual(found.map((d) => `${path.relative(dir, d.uri)} ${d.range.start.line + 1}:${d.range.start.character + 1}`), [`${path.join('lib', 'common.yaml')} 9:24`]);
  assert.match(found[0]!.message, new RegExp(`${path.join('v1', 'missing.yaml').replace(/[\\/.]/g, '\\$&')}`));
});
