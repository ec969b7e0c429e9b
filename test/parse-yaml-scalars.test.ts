// The parser's schema puts YAML 1.2's core types (null, bool, int, float) behind one resolver that
// looks at a plain scalar's first character (parse-yaml.ts, corePlainScalar). What a scalar becomes
// must be what js-yaml's own core schema with merge keys makes of it, as a value, as a key and in a
// flow sequence, and explicit tags (`!!int`) must still name the core types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseYaml, YamlSyntaxError } from '../src/load/parse-yaml.js';
import type { PosNode } from '../src/load/positions.js';
import { projectDir } from './helpers/paths.js';

const samples = path.join(projectDir, 'fixtures', 'samples');
const reference = yaml.CORE_SCHEMA.extend({ implicit: [(yaml as unknown as { types: { merge: yaml.Type } }).types.merge] });

/** js-yaml's answer with its own core schema, or the error's reason. */
function expected(text: string): string {
  try {
    return JSON.stringify(yaml.load(text, { schema: reference }));
  } catch (error) {
    return `error: ${(error as yaml.YAMLException).reason}`;
  }
}

function actual(text: string): string {
  try {
    return JSON.stringify(parseYaml(text, 'api.yaml').value);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

// every first character a core type can start with, the spellings each takes and near misses
const scalars = [
  '~', 'null', 'Null', 'NULL', 'nul', 'nulls', 'nULL', 'n', 'N', '~~',
  'true', 'True', 'TRUE', 'tRue', 'false', 'False', 'FALSE', 't', 'T', 'f', 'F', 'yes', 'no', 'on', 'off',
  '0', '-0', '+0', '00', '012', '0o17', '0x1F', '0b101', '0b', '0x', '0o', '1_000', '-1_000', '_1', '1_',
  '9007199254740993', '-', '+', '+a', '-a', '0a',
  '.5', '-.5', '+.5', '.inf', '-.inf', '+.Inf', '.INF', '.nan', '.NaN', '.NAN', '.Nan', '1e3', '1E3', '1e+3',
  '-1.5e-3', '1.', '1.2.3', '1.5_', '0.1_2', '1e400', '.', '..', 'Infinity', 'NaN',
  '12:30', '2001-12-14', '<<', '<', '<<<', 'abc', '"quoted"', "'12'",
];

test('a plain scalar becomes what the core schema makes of it, as a value, a key and an item', () => {
  for (const scalar of scalars) {
    const text = `value: ${scalar}\n${scalar}: key\nitems: [${scalar}, x]\n`;
    assert.equal(actual(text), expected(text), scalar);
  }
});

test('an empty value is null, and explicit core tags still resolve (or fail) as js-yaml has them', () => {
  for (const text of ['value:\n', 'value: !!int 12\n', 'value: !!float 1\n', 'value: !!bool true\n', 'value: !!null ~\n', 'value: !!str 12\n', 'value: !!int abc\n', 'value: !!null ""\n']) {
    assert.equal(actual(text).replace(/ \(\d+:\d+\)$/, ''), expected(text).replace(/ \(\d+:\d+\)$/, ''), text);
  }
  assert.equal(actual('value: !!int abc\n').startsWith('error: cannot resolve a node with !<tag:yaml.org,2002:int> explicit tag'), true);
});

test('merge keys still merge: the `<<` key keeps the merge tag', () => {
  const text = 'base: &base {a: 1, b: 2}\nmerged:\n  <<: *base\n  b: 3\nlisted:\n  <<: [*base]\n  c: 4\n';
  assert.equal(actual(text), expected(text));
  assert.deepEqual(parseYaml(text, 'api.yaml').value, { base: { a: 1, b: 2 }, merged: { a: 1, b: 3 }, listed: { a: 1, b: 2, c: 4 } });
});

test("after a flow mapping's key written alone, the keys that follow keep their names and places", () => {
  // the listener keeps no value scalars; a key after a lone key closes where a value would
  const text = 'x: {a, b: 1, "c d": 2, 200: q, ~: n}\n';
  const { value, positions } = parseYaml(text, 'api.yaml');
  assert.deepEqual(value, { x: { a: null, b: 1, 'c d': 2, 200: 'q', null: 'n' } });
  const entries = positions.entries![0]!.node.entries!;
  assert.deepEqual(
    entries.map((e) => [e.name, text.slice(e.node.keyStart, e.node.keyEnd), text.slice(e.node.start, e.node.end)]),
    [['a', 'a', ''], ['b', 'b', '1'], ['c d', '"c d"', '2'], ['200', '200', 'q'], ['null', '~', 'n']],
  );
});

/** Every mapping's entries, by the names the position index gives them, against the parsed value's keys. */
function namesAgree(text: string): void {
  const { value, positions } = parseYaml(text, 'api.yaml');
  const stack: Array<[unknown, PosNode]> = [[value, positions]];
  while (stack.length > 0) {
    const [v, node] = stack.pop()!;
    if (node.items && Array.isArray(v)) node.items.forEach((item, i) => stack.push([v[i], item]));
    if (!node.entries || v === null || typeof v !== 'object' || Array.isArray(v)) continue;
    const names = node.entries.map((e) => e.name);
    // a merge key's entries are the merged mapping's, not this one's
    const keys = text.slice(node.start, node.end).includes('<<') ? Object.keys(v).filter((k) => names.includes(k)) : Object.keys(v);
    assert.deepEqual([...names].sort(), keys.sort(), `keys of ${JSON.stringify(v).slice(0, 80)}`);
    for (const e of node.entries) stack.push([(v as Record<string, unknown>)[e.name], e.node]);
  }
}

test('a key is named by the scalar the parser made of it, however it is written', () => {
  namesAgree(
    [
      'plain: 1',
      '/pets/{petId}: 2',
      "'201': 3",
      '"404": 4',
      '"esc\\"aped\\u00e9": 5',
      "'it''s': 6",
      '200: 7',
      '0x1F: 8',
      '1.50: 9',
      'true: 10',
      'FALSE: 11',
      '~: 12',
      '!!str 300: 13',
      '&anchor anchored: 14',
      'value: &aliased from-an-alias',
      '*aliased : 15',
      'with space: 16',
      'x-ext.dot: 17',
      'ünïcode: 18',
      '-dash: 19',
      'a:b: 20',
      '? explicit',
      ': 21',
      '? "multi',
      '  line"',
      ': 22',
      'flow: {lone, b: 1, "c": 2, 3: d, .5: e}',
      'list: [{k: 1}, {"q": 2}]',
      'base: &base {m: 1, "n": 2}',
      'merged: {<<: *base, o: 3}',
      '',
    ].join('\n'),
  );
});

test('the sample documents name every key as the parser does', () => {
  for (const file of readdirSync(samples).filter((f) => /\.ya?ml$/.test(f))) namesAgree(readFileSync(path.join(samples, file), 'utf8'));
});

test('a key that is a collection, or a plain key over two lines, is named as js-yaml stores it, and a repeat of it is found', () => {
  namesAgree('m:\n  ? a\n    b\n  : 1\n  ? - c\n    - d\n  : 2\nv: &x foo\nn: {? [*x] : 1, ? {toString: 1} : 2, [null, {x: 1}, 3]: 4}\n');
  const { duplicates } = parseYaml('m: {[a, b]: 1, ? [a, b] : 2}\n', 'api.yaml');
  assert.deepEqual(duplicates.map((d) => [d.name, d.pointer]), [['a,b', ['m', 'a,b']]]);
});

test('an alias of a collection used as a key is refused where it is written: js-yaml would copy it into a string at every use', () => {
  assert.throws(
    () => parseYaml('a: &a [1, 2]\nm:\n  *a : 1\n', 'api.yaml'),
    (e: unknown) => e instanceof YamlSyntaxError && e.offset === 'a: &a [1, 2]\nm:\n  '.length && /a YAML alias of a collection is used as a key/.test(e.message),
  );
});
