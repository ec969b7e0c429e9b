// What the formats know about a document before or without linting it lives in src/formats/: the
// sniffers of text that does not parse, the version field `render` lays out by, and Spectral's names
// for a document (one detector, which a ruleset's `formats` and an imported `oas2` both ask).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formats } from '../src/formats/index.js';
import { declaredFormat, fieldList, hasVersionFieldAtTop, mayNameFormat, namesFormatOrShape, sniffedFields, versionFields } from '../src/formats/sniff.js';
import { documentKindOf, kindNames, spectralFormatNames, spectralFormatsOf } from '../src/formats/spectral.js';
import { installSpectralApi } from '../src/declarative/spectral-api.js';
import { renderFormatOf } from '../src/pipeline/render.js';

test('the sniffers read the formats\' fields: loose for text that does not parse, exact with the shape fields, at the top for an editor', () => {
  assert.deepEqual(versionFields(), ['swagger', 'openapi']);
  assert.deepEqual(sniffedFields(), ['swagger', 'openapi', 'paths']);
  assert.equal(fieldList(sniffedFields()), 'swagger, openapi or paths');
  for (const text of ['swagger: "2.0"\n', 'Swager: 2\n', '{"swaggr": 1}', 'x: 1\nOpen-API: 3.0.0\n', '  openapi : 3.1.0']) assert.ok(mayNameFormat(text), text);
  for (const text of ['tagger: 1\n', 'kind: Deployment\n', 'x-swagger-ish: 1\n']) assert.ok(!mayNameFormat(text), text);
  assert.ok(namesFormatOrShape('paths: {}\n') && !namesFormatOrShape('Swagger: 2.0\n'), 'exact names, the shape field too');
  assert.ok(hasVersionFieldAtTop('openapi: 3.1.0\n') && hasVersionFieldAtTop('{ "swagger": "2.0" }'));
  assert.ok(!hasVersionFieldAtTop('spec:\n  openapi: 3.1.0\n'), 'a nested key is not the top');
  // a list of formats without version fields sniffs nothing
  assert.ok(!mayNameFormat('swagger: "2.0"\n', []));
});

test('render lays a document out by the version field it has, Swagger 2.0 first; the formats give the layout', () => {
  const [swagger2, openapi3] = formats;
  assert.equal(declaredFormat({ swagger: '2.0' }), swagger2);
  assert.equal(declaredFormat({ openapi: '3.1.0' }), openapi3);
  assert.equal(declaredFormat({ swagger: '2.0', openapi: '3.1.0' }), swagger2);
  assert.equal(declaredFormat({ paths: {} }), undefined);
  assert.equal(renderFormatOf({ openapi: '3.0.3' })?.render?.dialect, 'commonmark');
  assert.equal(renderFormatOf({ swagger: '2.0' })?.render?.dialect, 'gfm');
});

test('Spectral names a document as Spectral does: oas2 for swagger "2.1" too, oas3_<minor> by a plain minor version', () => {
  const names = (doc: unknown) => [...spectralFormatsOf(doc, undefined)];
  assert.deepEqual(names({ swagger: '2.0' }), ['oas2']);
  assert.deepEqual(names({ swagger: '2.1' }), ['oas2'], "Spectral's oas2 is parseInt(swagger) === 2");
  assert.deepEqual(names({ swagger: 2 }), ['oas2']);
  assert.deepEqual(names({ swagger: '3.0' }), []);
  assert.deepEqual(names({ openapi: '3.0.3' }), ['oas3', 'oas3_0']);
  assert.deepEqual(names({ openapi: '3.1' }), ['oas3', 'oas3_1']);
  assert.deepEqual(names({ openapi: '3.2.0' }), ['oas3', 'oas3_2']);
  assert.deepEqual(names({ openapi: '3.1.0-rc1' }), ['oas3'], 'a pre-release is no oas3_1 to Spectral');
  assert.deepEqual(names({ openapi: '3.3.0' }), ['oas3']);
  assert.deepEqual(names({ openapi: '2.0' }), []);
  assert.equal(documentKindOf([]), undefined);
  assert.deepEqual(kindNames, ['oas2', 'oas3_0', 'oas3_1', 'oas3_2', 'oas3']);
  assert.deepEqual(names({ openapi: '3.1.0' }).filter((n) => ['oas3_1'].includes(n)), [...spectralFormatsOf({ openapi: '3.1.0' }, ['oas3_1'])]);
});

test("the formats a ruleset's code imports agree with the detector, swagger \"2.1\" included", async () => {
  await installSpectralApi();
  const api = (globalThis as Record<symbol, { formats: Record<string, (doc: unknown) => boolean> }>)[Symbol.for('swaglint.spectral-api')]!;
  const docs = [{ swagger: '2.0' }, { swagger: '2.1' }, { swagger: 2 }, { swagger: '1.2' }, { openapi: '3.0.0' }, { openapi: '3.1.1' }, { openapi: '3.2.0' }, { openapi: '3.1.0-rc1' }, { openapi: 3 }, { openapi: '4.0.0' }, null];
  for (const name of spectralFormatNames) {
    for (const doc of docs) assert.equal(api.formats[name]!(doc), spectralFormatsOf(doc, undefined).has(name), `${name} on ${JSON.stringify(doc)}`);
  }
  assert.equal(api.formats['oas2']!({ swagger: '2.1' }), true);
});

test('outside src/formats/, no module of src/ names the formats\' version fields: it asks formats/', async () => {
  const { readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const { sourceFiles } = await import('./helpers/import-graph.js');
  const { projectDir } = await import('./helpers/paths.js');
  const formatsDir = path.join(projectDir, 'src', 'formats') + path.sep;
  // a field read by name (`doc['openapi']`, `'swagger' in doc`) or a pattern that sniffs either (`swagger|openapi`)
  const sniffs = /['"`](?:swagger|openapi)['"`]|swagg?e?r\||\|open-?api/;
  const found = sourceFiles([path.join(projectDir, 'src')])
    .filter((file) => !file.startsWith(formatsDir))
    .filter((file) => readFileSync(file, 'utf8').split('\n').some((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line) && sniffs.test(line)))
    .map((file) => path.relative(projectDir, file));
  assert.deepEqual(found, []);
});
