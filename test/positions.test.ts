// Positions come from the parser's listener; these pin the shapes where frames nest unexpectedly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSource, rangeOf } from '../src/load/source.js';

function at(text: string, pointer: string, target: 'key' | 'value' = 'key'): string {
  const outcome = parseSource(text, '/virtual/doc.yaml');
  assert.ok(outcome.ok);
  const r = rangeOf(outcome.source, pointer.split('/').slice(1), target);
  return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;
}

test('a flow mapping as a block-sequence item: keys inside it', () => {
  const text = 'params:\n  - {name: a, in: query}\n  - {name: b, in: path}\n';
  assert.equal(at(text, '/params/1/name'), '3:6-3:10');
  assert.equal(at(text, '/params/1/in', 'value'), '3:19-3:23');
  assert.equal(at(text, '/params/0', 'value'), '2:5-2:25');
});

test('flow sequences inside block sequences, and flow inside flow', () => {
  const text = 'a:\n  - [1, 2]\n  - - x\n    - y\n  - {b: [3, {c: 4}]}\n';
  assert.equal(at(text, '/a/0/1', 'value'), '2:9-2:10');
  assert.equal(at(text, '/a/1/1', 'value'), '4:7-4:8');
  assert.equal(at(text, '/a/2/b/1/c'), '5:14-5:15');
  assert.equal(at(text, '/a/2/b/1/c', 'value'), '5:17-5:18');
});

test('JSON strings and nested arrays', () => {
  const text = '{\n  "a": [{"b": "x"}, {"c": [1, {"d": true}]}]\n}\n';
  assert.equal(at(text, '/a/1/c/1/d'), '2:32-2:35');
  assert.equal(at(text, '/a/0/b', 'value'), '2:15-2:18');
});
