import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyOnlyFix } from '../helpers/apply-fix.js';
import rule from '../../rules/swagger-version.js';
import { lintWithOnly, testRule } from '../helpers/test-rule.js';
import { swagger2 } from '../../src/formats/swagger2.js';

const info = `info: {title: Orders, version: '1.0', description: Orders API}\npaths: {}\n`;

testRule(rule, {
  valid: [
    { name: 'single-quoted 2.0', yaml: `swagger: '2.0'\n${info}` },
    { name: 'double-quoted 2.0', yaml: `swagger: "2.0"\n${info}` },
    { name: 'JSON', yaml: `{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}`, uri: '/virtual/api.json' },
  ],
  invalid: [
    { name: 'unquoted 2.0 is a number', yaml: `swagger: 2.0\n${info}`, errors: [{ line: 1, column: 1, message: /number 2.*quote it/ }] },
    { name: 'another version', yaml: `${info}swagger: '1.2'\n`, errors: [{ line: 3, column: 10, message: /"1\.2"/ }] },
    // issue 14: Swagger's shape without its version is a Swagger document missing a required field
    { name: 'no swagger field, with paths and info', yaml: info, errors: [{ line: 1, column: 1, message: /no top-level `swagger` field, which Swagger 2\.0 requires/ }] },
    { name: 'a misspelt swager key', yaml: `${info}swager: '2.0'\n`, errors: [{ line: 3, column: 1, message: /`swager` is not `swagger`/ }] },
    { name: 'a number in JSON', yaml: `{\n  "swagger": 2,\n  "info": {}\n}`, uri: '/virtual/api.json', errors: [{ line: 2, column: 3, message: /number 2/ }] },
  ],
});

test('swagger-version: the fix quotes the number, keeping a trailing comment', async () => {
  assert.equal(await applyOnlyFix(rule, `swagger: 2.0 # the version\n${info}`), `swagger: '2.0' # the version\n${info}`);
});

test('swagger-version: the fix in JSON writes a JSON string', async () => {
  const json = `{"swagger": 2, "info": {"title": "t", "version": "1", "description": "d"}, "paths": {}}`;
  assert.equal(await applyOnlyFix(rule, json, '/virtual/api.json'), json.replace('2,', '"2.0",'));
});

// OpenAPI 3 documents belong to the openapi3 format; a caller that lints with Swagger 2.0 alone gets this one finding for them
test('swagger-version: an OpenAPI 3 document, when Swagger 2.0 is the only format', async () => {
  const result = await lintWithOnly(rule, `openapi: 3.0.3\n${info}`, '/virtual/api.yaml', undefined, { formats: [swagger2] });
  assert.deepEqual(result.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.ruleId}`), ['1:1 swagger-version']);
  assert.match(result.diagnostics[0]!.message, /OpenAPI "3\.0\.3".*Swagger 2\.0 documents only/);
});
