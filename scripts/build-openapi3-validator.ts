// Build step: compiles the official OpenAPI 3.0, 3.1 and 3.2 JSON Schemas (src/formats/openapi3/schemas/,
// from OAI/OpenAPI-Specification, Apache-2.0) into standalone validator code, as build-validator.ts does
// for Swagger 2.0, so that no run pays ajv's compile. Runs after tsc; writes into dist/. CommonJS
// modules: src/formats/openapi3/validators.ts requires the one version a document needs when a check
// first asks for it (a 3.0 document never compiles 3.1's or 3.2's 350 KB).
//
// 3.0's schema is draft-04 and offers "a Reference Object or an X" as a oneOf, whose failure reports the
// errors of both branches; it is first made discriminated (if `$ref` then Reference else X). 3.1's and
// 3.2's schemas already are. They are compiled from `schema-base`, which validates the Schema Objects in a document
// against the OpenAPI dialect of JSON Schema 2020-12 (the 2020-12 meta-schema plus the OAS vocabulary).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import addFormatsModule from 'ajv-formats';
import AjvDraft04Module from 'ajv-draft-04';
import Ajv2020Module from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { discriminateReferences } from '../src/formats/openapi3/discriminate.js';
import { openapi30Entries, openapi31Entries } from '../src/formats/openapi3/entry-points.js';
import { jsonSchema2020, openApiVersions } from '../src/formats/openapi3/version.js';
import { uniqueItemsKeyword } from './unique-items-keyword.js';
import { schemaObjectKeyword, schemaObjectKeywordDefinition } from './schema-object-keyword.js';
import { writeValidatorModule } from './validator-module.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemas = path.resolve(here, '..', '..', 'src', 'formats', 'openapi3', 'schemas');
const outDir = path.resolve(here, '..', 'src', 'formats', 'openapi3');

type Json = Record<string, unknown>;
const read = (name: string) => yaml.load(readFileSync(path.join(schemas, name), 'utf8')) as Json;
// both packages are CommonJS with a `default` export; NodeNext sees the module object
const standaloneCode = standaloneModule.default;
const addFormats = addFormatsModule.default;
// Of the formats, `email`, `uri` and `uri-reference` are checked (a contact's email, externalDocs and
// flow URLs, which OpenAPI 3 allows to be relative): the specification says MUST for them. ajv-formats
// writes them into the standalone code as a require() of its own module.
// `regex` (schema patterns) and `media-range` (content keys) are checked by the rules, with better words;
// 3.2's `iri` (an xml namespace) is taken as written.
const formats = (ajv: Parameters<typeof addFormats>[0]) => addFormats(ajv, ['email', 'uri-reference', 'uri']).addFormat('regex', true).addFormat('media-range', true).addFormat('iri', true);
const options = { allErrors: true, verbose: true, strict: false, validateFormats: true, code: { source: true, lines: false } } as const;

// 3.0
{
  const ajv = new AjvDraft04Module.default(options);
  formats(ajv);
  ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword); // linear, not pairwise (see the module)
  const schema = discriminateReferences(read('v3.0-schema.yaml'));
  const id = String(schema['id']);
  ajv.addSchema(schema);
  const entries = Object.fromEntries(Object.entries(openapi30Entries).map(([kind, name]) => [kind, `${id}#/definitions/${name}`]));
  writeCompressed(path.join(outDir, 'openapi30-validator.cjs'), standaloneCode(ajv, { document: id, ...entries }));
}

// 3.1 and later (the versions whose Schema Objects are JSON Schema 2020-12; a new one is its line in
// version.ts and its four files in schemas/, v<minor>-schema.yaml and the rest). The Schema Objects in a
// document are what `$dynamicRef: '#meta'` names; ajv resolves a dynamic reference across these files to
// the wrong anchor (Parameter Objects were checked as schemas), so each becomes a plain `$ref` to a
// Schema Object place that checks it against the OpenAPI dialect (the 2020-12 meta-schema plus the OAS
// vocabulary) unless the document's `jsonSchemaDialect` names another (scripts/schema-object-keyword.ts).
// schema-base's constants (jsonSchemaDialect and `$schema` must be the dialect's work-in-progress id) are
// left out: they pin the OAI's own tests, not the specification. 3.2's schema is kept as its v3.2-dev
// branch held it when 3.2.0 was published (OAI/OpenAPI-Specification
// 1919217a6dd07820557d7f9ce9231b1704a86680, published as 2025-09-17).
for (const version of openApiVersions.filter(jsonSchema2020)) buildJsonSchema2020(version);

function buildJsonSchema2020(version: string): void {
  const ajv = new Ajv2020Module.default(options);
  formats(ajv);
  ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword);
  ajv.addKeyword(schemaObjectKeywordDefinition);
  for (const name of [`v${version}-meta.yaml`, `v${version}-dialect.yaml`]) ajv.addSchema(withoutDynamicAnchor(read(name)));
  const dialect = String(read(`v${version}-dialect.yaml`)['$id']);
  const official = read(`v${version}-schema.yaml`);
  const id = String(official['$id']);
  ajv.addSchema(withSchemaObjects(official, `${id}/dialect`, { [schemaObjectKeyword]: { checked: { $ref: dialect }, otherwise: { type: ['object', 'boolean'] } } }));
  // 3.2 keeps 3.1's `$defs` names for the kinds a `$ref` may name
  const entries = Object.fromEntries(Object.entries(openapi31Entries).map(([kind, name]) => [kind, `${id}/dialect#/$defs/${name}`]));
  writeCompressed(path.join(outDir, `openapi${version.replace('.', '')}-validator.cjs`), standaloneCode(ajv, { document: `${id}/dialect`, ...entries }));
}

/**
 * The module as `<file>.br` (brotli), which src/formats/openapi3/validators.ts decompresses and runs when a
 * document of its version is first checked: some 250 KB of code each is 30 KB on disk, which keeps a
 * version more within the installed size budget (issue 30).
 */
function writeCompressed(file: string, standalone: string): void {
  writeValidatorModule(file, standalone);
  const code = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: code.length } }));
  rmSync(file);
}

function withoutDynamicAnchor(schema: Json): Json {
  const { $dynamicAnchor: _anchor, ...rest } = schema;
  return rest;
}

/** A copy of the 3.1 schema under `id` whose Schema Objects (`$dynamicRef: '#meta'`) are `schemaObject`. */
function withSchemaObjects(official: Json, id: string, schemaObject: Json): Json {
  const schema = structuredClone(official);
  schema['$id'] = id;
  const defs = schema['$defs'] as Json;
  defs['schema'] = schemaObject;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const object = node as Json;
    if (object['$dynamicRef'] === '#meta') {
      delete object['$dynamicRef'];
      object['$ref'] = '#/$defs/schema';
    }
    Object.values(object).forEach(visit);
  };
  visit(schema);
  return schema;
}
