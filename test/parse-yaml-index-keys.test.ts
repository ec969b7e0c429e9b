// Mappings with array-index keys (`'200':`) are changed in place while parsing so that V8 keeps those keys in a
// dictionary (parse-yaml.ts, toSparseElements). Whatever the mapping's shape, the value must be the
// one js-yaml itself builds: the same keys in the same order, the same values, duplicate and merge
// keys as js-yaml treats them.
import { spawnSync } from 'node:child_process';
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
  // the index the conversion sets and deletes, written by the document itself
  'the largest index as a key': 'm: {200: a, 4294967294: hidden?}\n',
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

test('index keys: a mapping with such a key keeps its elements in a dictionary, one with such a value does not', () => {
  // V8's own answer, from a process that may ask it (natives syntax); the flag is that process's alone
  const documents = {
    responses: "r:\n  '200': {description: ok}\n  '404': {description: missing}\n",
    'a value of 100': 'p: {name: limit, minimum: 1, maximum: 100}\n',
    'an empty value': 'r:\n  200:\n  x: 1\n',
    'an explicit key': 'r:\n  ? 200\n  : a\n',
    'an item around a flow mapping': 'l:\n  - {200: a}\n',
  };
  const script = `
    const { parseYaml } = await import(${JSON.stringify(new URL('../src/load/parse-yaml.js', import.meta.url).href)});
    const out = {};
    for (const [name, text] of Object.entries(${JSON.stringify(documents)})) {
      const value = parseYaml(text, 'doc.yaml').value;
      const inner = Object.values(value)[0];
      const mapping = Array.isArray(inner) ? inner[0] : inner;
      out[name] = %HasDictionaryElements(mapping);
    }
    console.log(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), {
    responses: true,
    'a value of 100': false,
    'an empty value': true,
    'an explicit key': true,
    'an item around a flow mapping': true,
  });
});
