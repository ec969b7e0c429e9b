// An edit inside a key name of a JSON document (issue 41) patches the parsed value (the key renamed in
// a copy of its object) instead of parsing the whole text again, when the name stays its object's
// only one. Whatever way it takes, the re-lint's complete set equals a full lint's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../src/pipeline/lint.js';
import { lintSession, relint } from '../src/pipeline/incremental.js';

const uri = '/work/keys.json';
const api = (properties: string, responses = '"default": {"description": "Error."}, "200": {"description": "OK.", "schema": {"$ref": "#/definitions/Pet"}}') => `{
  "swagger": "2.0",
  "info": {"title": "Keys", "version": "1.0", "description": "Keys."},
  "paths": {
    "/pets": {"get": {"description": "Lists.", "responses": {${responses}}}}
  },
  "definitions": {
    "Pet": {"type": "object", "properties": {${properties}}}
  }
}
`;

/** Re-lints `after` from a session of `before`: whether it was a re-lint, and its complete set against a full lint's. */
async function relintOf(before: string, after: string): Promise<boolean> {
  const { session } = await lintSession(before, uri, {});
  assert.ok(session);
  const edited = await relint(session, after, {});
  const complete = edited ? (await edited.complete()).result.diagnostics : (await lintSession(after, uri, {})).result.diagnostics;
  assert.deepEqual(complete, (await lintText(after, uri)).diagnostics);
  return edited?.first !== undefined;
}

test('a property renamed by a keystroke: a re-lint, equal to a full lint', async () => {
  assert.ok(await relintOf(api('"name": {"type": "string"}, "tag": {"type": "string"}'), api('"nane": {"type": "string"}, "tag": {"type": "string"}')));
  // an escape in the new name
  assert.ok(await relintOf(api('"name": {"type": "string"}'), api('"na\\u006de2": {"type": "string"}')));
});

test('a key renamed to an integer-like one, or from one, keeps the order a parse gives', async () => {
  const before = api('"name": {"type": "string"}');
  assert.ok(await relintOf(before, api('"name": {"type": "string"}', '"default": {"description": "Error."}, "20x": {"description": "OK.", "schema": {"$ref": "#/definitions/Pet"}}')));
  assert.ok(await relintOf(before, api('"name": {"type": "string"}', '"defaul1": {"description": "Error."}, "200": {"description": "OK.", "schema": {"$ref": "#/definitions/Pet"}}')));
  assert.ok(await relintOf(api('"a1": {"type": "string"}, "b": {"type": "string"}'), api('"1": {"type": "string"}, "b": {"type": "string"}')));
});

test('a key renamed to a name its object has, to $ref or from it, or out of its quotes: still equal to a full lint', async () => {
  await relintOf(api('"name": {"type": "string"}, "tag": {"type": "string"}'), api('"tag": {"type": "string"}, "tag": {"type": "string"}'));
  await relintOf(api('"name": {"$reg": "#/definitions/Pet"}'), api('"name": {"$ref": "#/definitions/Pet"}'));
  await relintOf(api('"name": {"$ref": "#/definitions/Pet"}'), api('"name": {"$rex": "#/definitions/Pet"}'));
  await relintOf(api('"name": {"type": "string"}'), api('"na"me": {"type": "string"}'));
});
