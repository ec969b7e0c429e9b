// The text pre-check decides whether a document is scanned for file `$ref`s at all: a false "no"
// would silently skip loading a referenced file, so every spelling of the key is pinned here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayHaveExternalRef } from '../src/load/load.js';

const cases: Array<[string, boolean]> = [
  ["$ref: '#/definitions/A'", false],
  ['"$ref": "#/definitions/A"', false],
  ['$ref:   "#/a"', false],
  ['paths: {}', false],
  ['$ref: ./a.yaml', true],
  ['$ref:\n  other.yaml#/x', true],
  ['{$ref: "b.json"}', true],
  ['"$ref" : "http://host/x"', true],
  ["'$ref': !!str '#/x'", true],
  ['"\\u0024ref": "a.json"', true],
];

for (const [text, expected] of cases) {
  test(`pre-check ${JSON.stringify(text)} → ${expected}`, () => assert.equal(mayHaveExternalRef(text, 0), expected));
}

test('aliases always send a document to the full scan', () => assert.equal(mayHaveExternalRef('a: &x {b: 1}\nc: *x', 1), true));
