// Mappings with array-index keys (`'200':`) are changed in place while parsing so that V8 keeps those keys in a
// dictionary (parse-yaml.ts, toSparseElements). Whatever the mapping's shape, the value must be the
// one js-yaml itself builds: the same keys in the same order, the same values, duplicate and merge
// keys as js-yaml treats them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { parseYaml } from '../src/load/parse-yaml.js';

const schema = yaml.CORE_SCHEMA.extend({ implicit: [(yaml as unknown as { types: { merge: yaml.Type } }).types.merge] });

/** The value as text, every mapping as its [key, value] pairs in order: `deepEqual` does not compare key order. */
function shape(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v).map(([k, x]) => [k, x === undefined ? '(undefined)' : x]) : v));
}

const documents: Record<string, string> = {
  block: "responses:\n  '404': {description: missing}\n  200: {description: ok}\n  default: {description: other}\n",
  flow: 'responses: {default: d, 500: e, 200: f}\n',
  'key alone in a flow mapping': 'm: {a, 200: b, c}\n',
  'empty values': 'm:\n  200:\n  x:\n  404:\n',
  'explicit keys': 'm:\n  ? 200\n  : a\n  ? b\n  ? 404\n  : c\n',
  'item around a flow mapping': 'l:\n  - {200: a, x: b}\n  - {x: c}\n',
  'scalar keys of other types': 'm: {1.0: a, null: b, true: c, 7: d, 0x10: e, 012: f}\n',
  'a key past 9 digits': 'm: {1234567890: a, 5: b}\n',
  ['__proto__']: "m:\n  __proto__: {polluted: true}\n  200: ok\n",
  'merge keys': 'base: &b {200: x, y: 1}\nm:\n  <<: *b\n  404: z\n  y: 2\n',
  'an alias as a value': 'a: &a {k: 1}\nm: {200: *a, 300: *a}\n',
  'an anchored mapping': 'm: &m {200: a}\nn: *m\n',
  'a sequence as a key': 'm: {[1]: a, 2: b}\n',
};

for (const [name, text] of Object.entries(documents)) {
  test(`index keys, ${name}: the value js-yaml builds`, () => {
    const expected = yaml.load(text, { schema });
    const { value } = parseYaml(text, 'doc.yaml');
    assert.equal(shape(value), shape(expected));
    assert.equal(Object.getPrototypeOf((value as Record<string, object>)['m'] ?? {}), Object.prototype);
  });
}

test('index keys, a repeated key: its first place and its last value, as JSON.parse gives them', () => {
  const text = "m:\n  200: a\n  x: b\n  200: c\n";
  const { value, duplicates } = parseYaml(text, 'doc.yaml');
  assert.equal(shape(value), shape({ m: { 200: 'c', x: 'b' } }));
  assert.deepEqual(duplicates.map((d) => [d.name, d.pointer]), [['200', ['m', '200']]]);
});
