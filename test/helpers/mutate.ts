// Mutations of real documents for the property tests: the shapes of damage a half-typed editor buffer
// or a hostile pull request produces. Structural ones edit the parsed value (then it is written out as
// YAML or JSON); textual ones edit the bytes, as a corrupted file or a careless paste would.
import fc from 'fast-check';
import yaml from 'js-yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `$ref`s that point at nothing, outside the project, at the network, or at a cycle. */
export const nonsenseRefs = [
  '#/nope',
  '#',
  '#/',
  '',
  'nope',
  '#nope',
  '#/definitions/A',
  '#/definitions/A/properties/self',
  '#/paths/~1x/~2',
  '#/%zz',
  '../../etc/passwd',
  '/etc/passwd',
  'file:///etc/passwd',
  '../../../../../../../../etc/passwd#/x',
  'http://x',
  'https://user:secret@x.invalid/a.yaml#/b',
  'missing.yaml#/definitions/X',
  '.',
  '..',
  '%',
  '#/definitions/__proto__',
  '#/constructor/prototype',
];

/** Values of every JSON type, and the edges of each. */
const otherValues: Json[] = [null, true, false, 0, -1, 1.5, 1e308, '', 'x', ' ', '2.0', [], {}, [[]], [null], { '': '' }, { $ref: '#/nope' }];
// control characters too: a key is quoted in messages and code frames, where ESC, BEL and a line
// break that starts a CI workflow command must not reach a terminal raw
const oddKeys = ['__proto__', 'constructor', 'prototype', '', '$ref', '/', '/{id}', 'get', 'x-', 'in', 'schema', '\u0000', '🙂', '\u001b[31mred\u001b[0m', '\u0007', 'a\n::error file=x::injected', '\r', '\u0085\u2028'];

/** Patterns with nested quantifiers: catastrophic for a backtracking engine on the paired values. */
export const catastrophicPatterns = ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '^([a-zA-Z0-9]+\\s?)*$', '(x+x+)+y', '^(\\w+)*@$'];
/** A value none of those patterns matches, long enough to take a backtracking engine years. */
const nonMatching = `${'a'.repeat(48)}!`;

/** The placeholder `alias` edits leave in the value; serialize makes it one anchored long scalar and aliases to it. */
const aliasMark = '__FUZZ_ALIAS__';
const aliasText = 'x'.repeat(5_000);

export type Edit =
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; value: Json }
  | { op: 'truncate'; at: number; keep: number }
  | { op: 'ref'; at: number; ref: string }
  | { op: 'rename'; at: number; key: string }
  | { op: 'cycle'; at: number }
  | { op: 'self-allof'; at: number }
  | { op: 'pattern'; at: number; pattern: string }
  | { op: 'alias'; at: number; count: number };

export type TextEdit =
  | { op: 'insert-bytes'; at: number; bytes: Uint8Array }
  | { op: 'cut'; at: number; length: number }
  | { op: 'truncate-text'; at: number }
  | { op: 'repeat-line'; at: number };

/** `at` fields are fractions of the document (scaled to a node or offset), so shrinking stays meaningful. */
const at = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at }),
  fc.record({ op: fc.constant('replace' as const), at, value: fc.constantFrom(...otherValues) }),
  fc.record({ op: fc.constant('truncate' as const), at, keep: fc.nat({ max: 6 }) }),
  fc.record({ op: fc.constant('ref' as const), at, ref: fc.constantFrom(...nonsenseRefs) }),
  fc.record({ op: fc.constant('rename' as const), at, key: fc.constantFrom(...oddKeys) }),
  fc.record({ op: fc.constant('cycle' as const), at }),
  fc.record({ op: fc.constant('self-allof' as const), at }),
  fc.record({ op: fc.constant('pattern' as const), at, pattern: fc.constantFrom(...catastrophicPatterns) }),
  fc.record({ op: fc.constant('alias' as const), at, count: fc.integer({ min: 2, max: 200 }) }),
);

export const textEditArb: fc.Arbitrary<TextEdit> = fc.oneof(
  fc.record({ op: fc.constant('insert-bytes' as const), at, bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ op: fc.constant('cut' as const), at, length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ op: fc.constant('truncate-text' as const), at }),
  fc.record({ op: fc.constant('repeat-line' as const), at }),
);

interface Slot {
  parent: Json[] | { [key: string]: Json };
  key: string | number;
}

/** Every place in the value that holds a value (iteratively: the documents may be deep). */
function slots(root: Json): Slot[] {
  const out: Slot[] = [];
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) v.forEach((x, i) => (out.push({ parent: v, key: i }), stack.push(x)));
    else for (const k of Object.keys(v)) out.push({ parent: v, key: k }), stack.push(v[k]!);
  }
  return out;
}

function objects(root: Json): Array<{ [key: string]: Json }> {
  const out: Array<{ [key: string]: Json }> = [];
  if (root !== null && typeof root === 'object' && !Array.isArray(root)) out.push(root);
  for (const s of slots(root)) {
    const v = (s.parent as Record<string | number, Json>)[s.key]!;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(v);
  }
  return out;
}

function pick<T>(list: T[], fraction: number): T | undefined {
  return list.length === 0 ? undefined : list[Math.floor(fraction * list.length)];
}

/** Defines a key without going through a `__proto__` setter: the key must become an own property. */
function setOwn(target: object, key: string | number, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function applyEdit(root: Json, edit: Edit): Json {
  if (edit.op === 'cycle') {
    // A mutual cycle, and something pointing into it.
    if (root === null || typeof root !== 'object' || Array.isArray(root)) return root;
    const defs = root['definitions'];
    const table = defs !== null && typeof defs === 'object' && !Array.isArray(defs) ? defs : {};
    setOwn(table, 'A', { $ref: '#/definitions/B' });
    setOwn(table, 'B', { properties: { self: { $ref: '#/definitions/A' } }, allOf: [{ $ref: '#/definitions/A' }] });
    setOwn(root, 'definitions', table);
    const target = pick(objects(root), edit.at);
    if (target && target !== table) setOwn(target, 'schema', { $ref: '#/definitions/A' });
    return root;
  }
  if (edit.op === 'self-allof') {
    // a definition whose allOf names itself twice, with an example, used from somewhere in the document
    if (root === null || typeof root !== 'object' || Array.isArray(root)) return root;
    const defs = root['definitions'];
    const table = defs !== null && typeof defs === 'object' && !Array.isArray(defs) ? defs : {};
    setOwn(table, 'Self', { allOf: [{ $ref: '#/definitions/Self' }, { $ref: '#/definitions/Self' }], properties: { x: { type: 'string' } }, example: { x: 1 } });
    setOwn(root, 'definitions', table);
    const target = pick(objects(root), edit.at);
    if (target && target !== table) setOwn(target, 'schema', { $ref: '#/definitions/Self' });
    return root;
  }
  if (edit.op === 'pattern') {
    const target = pick(objects(root), edit.at);
    if (target) {
      setOwn(target, 'type', 'string');
      setOwn(target, 'pattern', edit.pattern);
      for (const key of ['default', 'example', 'x-example']) setOwn(target, key, nonMatching);
      setOwn(target, 'enum', [nonMatching]);
    }
    return root;
  }
  if (edit.op === 'alias') {
    // the same long scalar in `count` places: in YAML one anchor and aliases to it
    const all = slots(root).filter((s) => !(s.key === 'swagger' && s.parent === root));
    const start = Math.floor(edit.at * all.length);
    for (const slot of all.slice(start, start + edit.count)) setOwn(slot.parent, slot.key, aliasMark);
    return root;
  }
  if (edit.op === 'ref') {
    const target = pick(objects(root), edit.at);
    if (target) setOwn(target, '$ref', edit.ref);
    return root;
  }
  // the top-level `swagger` keeps its key: without it the document is skipped and the case wasted
  const candidates = slots(root).filter((s) => !(edit.op !== 'replace' && s.key === 'swagger' && s.parent === root));
  const slot = pick(candidates, edit.at);
  if (!slot) return root;
  const parent = slot.parent as Record<string | number, Json>;
  const current = parent[slot.key]!;
  switch (edit.op) {
    case 'delete':
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete parent[slot.key];
      break;
    case 'replace':
      setOwn(parent, slot.key, structuredClone(edit.value));
      break;
    case 'truncate':
      if (typeof current === 'string') setOwn(parent, slot.key, current.slice(0, edit.keep));
      break;
    case 'rename':
      if (!Array.isArray(slot.parent) && slot.key !== edit.key) {
        delete parent[slot.key];
        setOwn(parent, edit.key, current);
      }
      break;
  }
  return root;
}

export function serialize(value: Json, format: 'yaml' | 'json'): string {
  if (format === 'json') return JSON.stringify(value, null, 2).split(JSON.stringify(aliasMark)).join(JSON.stringify(aliasText));
  let first = true;
  return yaml.dump(value, { noRefs: true, lineWidth: -1 }).replace(new RegExp(aliasMark, 'g'), () => {
    const text = first ? `&fuzzlong ${aliasText}` : '*fuzzlong';
    first = false;
    return text;
  });
}

/** Byte-level edits, decoded as swaglint decodes a file (invalid UTF-8 becomes U+FFFD). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let bytes = Buffer.from(text, 'utf8');
  for (const e of edits) {
    const i = Math.floor(e.at * (bytes.length + 1));
    if (e.op === 'insert-bytes') bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from(e.bytes), bytes.subarray(i)]);
    else if (e.op === 'cut') bytes = Buffer.concat([bytes.subarray(0, i), bytes.subarray(i + e.length)]);
    else if (e.op === 'truncate-text') bytes = bytes.subarray(0, i);
    else {
      const start = bytes.lastIndexOf(10, i - 1) + 1;
      const nl = bytes.indexOf(10, i);
      const end = nl === -1 ? bytes.length : nl + 1;
      bytes = Buffer.concat([bytes.subarray(0, end), nl === -1 ? Buffer.from('\n') : Buffer.alloc(0), bytes.subarray(start, end), bytes.subarray(end)]);
    }
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

export interface Mutation {
  doc: number;
  format: 'yaml' | 'json';
  edits: Edit[];
  textEdits: TextEdit[];
}

export function mutationArb(docCount: number): fc.Arbitrary<Mutation> {
  return fc.record({
    doc: fc.nat({ max: docCount - 1 }),
    format: fc.constantFrom('yaml' as const, 'json' as const),
    edits: fc.array(editArb, { maxLength: 6 }),
    // mostly intact text: a byte-level edit usually ends in a parse error, which stops the run early
    textEdits: fc.oneof({ arbitrary: fc.constant<TextEdit[]>([]), weight: 3 }, { arbitrary: fc.array(textEditArb, { minLength: 1, maxLength: 2 }), weight: 1 }),
  });
}

/** The text a mutation makes of one of the sample documents. */
export function mutate(value: unknown, m: Mutation): string {
  let v = structuredClone(value) as Json;
  for (const e of m.edits) v = applyEdit(v, e);
  return applyTextEdits(serialize(v, m.format), m.textEdits);
}
