// The JSON position index and duplicate-key scan (src/load/parse-json.ts) are checked against a
// reference built with jsonc-parser's visitor, on generated documents: random nesting, whitespace,
// escapes (in keys and in strings holding brackets and quotes) and repeated keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as jsoncNamespace from 'jsonc-parser';
import { parseSource } from '../src/load/source.js';
import { locate, type DuplicateKey, type PosNode } from '../src/load/positions.js';

const jsonc: typeof jsoncNamespace = 'visit' in jsoncNamespace ? jsoncNamespace : (Reflect.get(jsoncNamespace, 'default') as typeof jsoncNamespace);

/** The index as jsonc-parser's visitor sees it: the shape parse-json.ts must produce. */
function reference(text: string): { positions: PosNode; duplicates: DuplicateKey[] } {
  const duplicates: DuplicateKey[] = [];
  interface Open { node: PosNode; key?: { name: string; start: number; end: number }; seen?: Set<string>; pointer: string[] }
  const root: Open = { node: { start: 0, end: text.length, items: [] }, pointer: [] };
  const stack: Open[] = [root];
  // the pointer of a collection: its parent's and its own name there (the document itself: empty)
  const pointerOf = (name: string): string[] => (stack.length === 1 ? [] : stack[stack.length - 1]!.pointer.concat(name));
  const attach = (node: PosNode): string => {
    const parent = stack[stack.length - 1]!;
    if (parent.key) {
      const { name, start, end } = parent.key;
      node.keyStart = start;
      node.keyEnd = end;
      parent.node.entries!.push({ name, node });
      parent.key = undefined;
      return name;
    }
    parent.node.items!.push(node);
    return String(parent.node.items!.length - 1);
  };
  jsonc.visit(text, {
    onObjectBegin(offset) {
      const node: PosNode = { start: offset, end: offset, entries: [] };
      const name = attach(node);
      stack.push({ node, seen: new Set(), pointer: pointerOf(name) });
    },
    onObjectProperty(name, offset, length) {
      const top = stack[stack.length - 1]!;
      top.key = { name, start: offset, end: offset + length };
      if (top.seen!.has(name)) duplicates.push({ name, keyStart: offset, keyEnd: offset + length, pointer: top.pointer.concat(name) });
      top.seen!.add(name);
    },
    onObjectEnd(offset, length) {
      stack.pop()!.node.end = offset + length;
    },
    onArrayBegin(offset) {
      const node: PosNode = { start: offset, end: offset, items: [] };
      const name = attach(node);
      stack.push({ node, pointer: pointerOf(name) });
    },
    onArrayEnd(offset, length) {
      stack.pop()!.node.end = offset + length;
    },
    onLiteralValue(_value, offset, length) {
      attach({ start: offset, end: offset + length });
    },
  });
  return { positions: root.node.items![0]!, duplicates };
}

/** Only the fields both builders set (a lookup may add `byName`). */
function plain(node: PosNode): unknown {
  return {
    start: node.start,
    end: node.end,
    keyStart: node.keyStart,
    keyEnd: node.keyEnd,
    entries: node.entries?.map((e) => ({ name: e.name, node: plain(e.node) })),
    items: node.items?.map(plain),
  };
}

/** Every pointer into a tree, the last entry of a repeated key included, in random-ish order (deepest first). */
function pointersOf(node: PosNode, prefix: string[] = []): string[][] {
  const below = (node.entries ?? []).flatMap((e) => pointersOf(e.node, prefix.concat(e.name)))
    .concat((node.items ?? []).flatMap((item, i) => pointersOf(item, prefix.concat(String(i)))));
  return below.concat([prefix]);
}

/** A node's own offsets. */
function place(node: PosNode): unknown {
  return { start: node.start, end: node.end, keyStart: node.keyStart, keyEnd: node.keyEnd };
}

type Tree = { obj: Array<[string, Tree]> } | { arr: Tree[] } | { lit: string };
const ws = fc.constantFrom('', ' ', '\n', '\t', '\r\n  ');
// keys and strings with the characters a scanner may trip on, escaped in several ways
const str = fc.constantFrom('a', 'b', '', '{', '}', '[', ']', ',', ':', '"', '\\', 'é', '\u2028', '😀', '\\"}');
const literal = fc.oneof(
  str.map((s) => JSON.stringify(s)),
  fc.constantFrom('"\\u0061"', '"a\\\\"', '"\\\\\\""', '0', '-1.5e+3', '12', 'true', 'false', 'null'),
);
const key = fc.oneof(str.map((s) => JSON.stringify(s)), fc.constantFrom('"\\u0061"', '"\\u0062"', '"a"'));
const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal.map((lit) => ({ lit })),
    fc.array(fc.tuple(key, tie('tree')), { maxLength: 5 }).map((obj) => ({ obj })),
    fc.array(tie('tree'), { maxLength: 4 }).map((arr) => ({ arr })),
  ),
}));

function serialize(t: Tree, space: () => string): string {
  if ('lit' in t) return t.lit;
  if ('arr' in t) return `[${space()}${t.arr.map((v) => serialize(v, space)).join(`${space()},${space()}`)}${space()}]`;
  return `{${space()}${t.obj.map(([k, v]) => `${k}${space()}:${space()}${serialize(v, space)}`).join(`,${space()}`)}${space()}}`;
}

test('the JSON position index and duplicate keys match jsonc-parser\'s on generated documents', () => {
  fc.assert(
    fc.property(tree, fc.array(ws, { minLength: 1, maxLength: 8 }), (t, spaces) => {
      let i = 0;
      const text = serialize(t, () => spaces[i++ % spaces.length]!);
      const outcome = parseSource(text, '/virtual/api.json');
      assert.ok(outcome.ok, text);
      const expected = reference(text);
      assert.deepEqual(plain(outcome.source.positions), plain(expected.positions), text);
      assert.deepEqual(outcome.source.duplicates, expected.duplicates, text);
      // each place looked up by pointer in a fresh index, before any listing of entries: an object
      // read only as far as the name looked up finds what the full listing finds
      const fresh = parseSource(text, '/virtual/api.json');
      assert.ok(fresh.ok);
      for (const pointer of pointersOf(expected.positions)) {
        const found = locate(fresh.source.positions, pointer);
        const wanted = locate(expected.positions, pointer);
        assert.equal(found.depth, wanted.depth, `${text} ${pointer.join('/')}`);
        assert.deepEqual(place(found.node), place(wanted.node), `${text} ${pointer.join('/')}`);
      }
    }),
    { numRuns: 2000, seed: 16 },
  );
});

test('a key repeated under an escape is a duplicate, with its pointer through arrays and objects', () => {
  const text = '{"paths": [{"x": 1}, {"a": {"k": 1, "\\u006b": 2}}]}';
  const outcome = parseSource(text, '/virtual/api.json');
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.source.duplicates, [{ name: 'k', keyStart: text.indexOf('"\\u006b"'), keyEnd: text.indexOf('"\\u006b"') + 8, pointer: ['paths', '1', 'a', 'k'] }]);
});

test('keys named __proto__ count as keys: repeated, they are duplicates; once, they are not', () => {
  const once = '{"__proto__": {"a": 1}, "b": {"__proto__": 2}}';
  const onceOutcome = parseSource(once, '/virtual/api.json');
  assert.ok(onceOutcome.ok);
  assert.deepEqual(onceOutcome.source.duplicates, []);
  const twice = '{"b": [{"__proto__": 1, "__proto__": 2}]}';
  const twiceOutcome = parseSource(twice, '/virtual/api.json');
  assert.ok(twiceOutcome.ok);
  const at = twice.lastIndexOf('"__proto__"');
  assert.deepEqual(twiceOutcome.source.duplicates, [{ name: '__proto__', keyStart: at, keyEnd: at + 11, pointer: ['b', '0', '__proto__'] }]);
});
