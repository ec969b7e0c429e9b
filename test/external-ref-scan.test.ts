// The text pre-check decides whether a document is scanned for file `$ref`s at all: a false "no"
// would silently skip loading a referenced file, so every spelling of the key is pinned here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mayHaveExternalRef } from '../src/load/load.js';
import { load } from '../src/index.js';

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
  // an escape of any letter of the key hides it as well as one of its `$`
  ['"$r\\u0065f": "a.json"', true],
  ['"$re\\x66": b.yaml', true],
  ['"\\U00000024ref": b.yaml', true],
  ['"$\\x72ef": b.yaml', true],
  // escapes of other characters do not
  ['"$ref": "#/a"\ndescription: "caf\\u00e9 \\x41"', false],
];

for (const [text, expected] of cases) {
  test(`pre-check ${JSON.stringify(text)} → ${expected}`, () => assert.equal(mayHaveExternalRef(text, 0), expected));
}

test('aliases always send a document to the full scan', () => assert.equal(mayHaveExternalRef('a: &x {b: 1}\nc: *x', 1), true));

test('a $ref key spelled with an escaped letter loads the file it names', async () => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'swaglint-escaped-ref-')));
  writeFileSync(path.join(dir, 'main.yaml'), "swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\ndefinitions:\n  A:\n    \"$r\\u0065f\": './other.yaml#/B'\n");
  writeFileSync(path.join(dir, 'other.yaml'), 'B: {type: object}\n');
  const doc = await load({ path: 'main.yaml' }, { cwd: dir });
  assert.deepEqual([...doc.sources.keys()].map((f) => path.relative(dir, f)), ['main.yaml', 'other.yaml']);
  assert.equal(doc.failures.size, 0);
});
