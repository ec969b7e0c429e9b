import yaml from 'js-yaml';
import type { DuplicateKey, PosEntry, PosNode } from './positions.js';
import { maxAliasExpansion, maxDepth } from './limits.js';

/**
 * YAML with positions, from js-yaml's `listener` hook: js-yaml is the fastest YAML parser we measured
 * (about 10× the `yaml` package on a 3 MB document) and the listener sees every node open and close
 * with its offsets, which is all a position index needs.
 *
 * The schema is YAML 1.2's core schema plus merge keys: no timestamps, so `default: 1970-13-01` stays
 * the string a JSON document would hold instead of becoming a Date (or failing).
 */
const schema = yaml.CORE_SCHEMA.extend({ implicit: [(yaml as unknown as { types: { merge: yaml.Type } }).types.merge] });

interface Frame {
  start: number;
  end: number;
  result: unknown;
  alias: boolean;
  children: Frame[] | undefined;
}

export interface YamlResult {
  value: unknown;
  positions: PosNode;
  duplicates: DuplicateKey[];
  /** Alias nodes seen: a document with none cannot hold an alias bomb. */
  aliases: number;
}

export class YamlSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

export function parseYaml(text: string, filename: string): YamlResult {
  const stack: Frame[] = [{ start: 0, end: text.length, result: undefined, alias: false, children: [] }];
  let aliases = 0;
  let firstAlias = 0;
  const listener = (event: 'open' | 'close', state: { position: number; result: unknown; kind: string | null }) => {
    if (event === 'open') {
      // js-yaml recurses per level: stop before the stack overflows. A key closes before its value
      // opens, so the open frames are the collections around this node.
      if (stack.length > maxDepth) throw new YamlSyntaxError(`the document nests more than ${maxDepth} levels deep`, state.position);
      stack.push({ start: state.position, end: 0, result: undefined, alias: false, children: undefined });
      return;
    }
    const frame = stack.pop()!;
    frame.end = state.position;
    frame.result = state.result;
    // an alias closes with no kind but an already-built result
    if (state.kind === null && state.result !== null && typeof state.result === 'object') {
      frame.alias = true;
      if (aliases++ === 0) firstAlias = frame.start;
    }
    const parent = stack[stack.length - 1]!;
    (parent.children ??= []).push(frame);
  };
  let value: unknown;
  try {
    // `json: true` lets a duplicate key through (the last wins, as in JSON.parse); we report it ourselves
    value = yaml.load(text, { schema, json: true, filename, listener } as yaml.LoadOptions);
  } catch (error) {
    if (error instanceof yaml.YAMLException) {
      const mark = (error as unknown as { mark?: { position: number } }).mark;
      throw new YamlSyntaxError(error.reason ?? error.message, mark?.position ?? 0);
    }
    throw error;
  }
  if (aliases > 0) checkAliasExpansion(value, firstAlias);
  const duplicates: DuplicateKey[] = [];
  const top = stack[0]!.children?.[0];
  const positions = top ? build(text, top, [], duplicates) : { start: 0, end: 0 };
  return { value, positions, duplicates, aliases };
}

/**
 * Refuses a document whose aliases expand it past `maxAliasExpansion` nodes, or that holds itself
 * (`a: &a [*a]`, which js-yaml builds as a cycle). Sizes are counted once per shared node, in a
 * post-order walk without recursion, so the check costs one pass over the distinct nodes.
 */
function checkAliasExpansion(value: unknown, at: number): void {
  const size = new Map<object, number>();
  const open = new Set<object>();
  let distinct = 0;
  const stack: Array<{ node: object; done: boolean }> = [];
  const childrenOf = (node: object): unknown[] => (Array.isArray(node) ? node : Object.values(node));
  if (value !== null && typeof value === 'object') stack.push({ node: value, done: false });
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (top.done) {
      open.delete(top.node);
      let total = 1;
      for (const c of childrenOf(top.node)) total += c !== null && typeof c === 'object' ? size.get(c)! : 1;
      size.set(top.node, total);
      if (total - distinct > maxAliasExpansion) throw new YamlSyntaxError(`YAML aliases expand the document by more than ${maxAliasExpansion.toLocaleString('en')} nodes (an alias bomb?)`, at);
      continue;
    }
    if (size.has(top.node)) continue;
    if (open.has(top.node)) throw new YamlSyntaxError('a YAML alias refers to a collection that contains it', at);
    open.add(top.node);
    distinct++;
    stack.push({ node: top.node, done: true });
    for (const c of childrenOf(top.node)) {
      if (c === null || typeof c !== 'object' || size.has(c)) continue;
      if (open.has(c)) throw new YamlSyntaxError('a YAML alias refers to a collection that contains it', at);
      stack.push({ node: c, done: false });
    }
  }
}

/** Frames → position nodes. `pointer` is one array pushed and popped along the way. */
function build(text: string, frame: Frame, pointer: string[], duplicates: DuplicateKey[]): PosNode {
  const start = skipSpace(text, frame.start, frame.end);
  const node: PosNode = { start, end: trimEnd(text, start, frame.end) };
  const result = frame.result;
  let children = frame.children;
  if (frame.alias || !children || result === null || typeof result !== 'object') return node;
  // js-yaml opens a block-sequence item and then the flow mapping inside it (`- {a: 1}`): two
  // frames for one value. The inner one holds the entries.
  while (children.length === 1 && children[0]!.result === result && children[0]!.children) children = children[0]!.children;
  if (Array.isArray(result)) {
    const items: PosNode[] = new Array(children.length);
    for (let i = 0; i < children.length; i++) {
      pointer.push(String(i));
      items[i] = build(text, children[i]!, pointer, duplicates);
      pointer.pop();
    }
    node.items = items;
    return node;
  }
  const entries: PosEntry[] = [];
  let seen: Set<string> | undefined; // only for large mappings: most have a handful of keys
  for (let i = 0; i < children.length; i++) {
    const key = children[i]!;
    const keyStart = skipSpace(text, key.start, key.end);
    const keyEnd = trimEnd(text, keyStart, key.end);
    const name = String(key.result);
    // A flow-mapping key written alone (`{a, b: 1}`) has no value node: tell by the missing colon.
    let valueNode: PosNode;
    if (hasValue(text, key.end) && i + 1 < children.length) {
      pointer.push(name);
      valueNode = build(text, children[++i]!, pointer, duplicates);
      pointer.pop();
    } else {
      valueNode = { start: keyEnd, end: keyEnd };
    }
    valueNode.keyStart = keyStart;
    valueNode.keyEnd = keyEnd;
    if (name === '<<') continue; // merged keys are reported at the mapping that merges them
    if (entries.length >= 8) seen ??= new Set(entries.map((e) => e.name));
    const repeated = seen ? seen.has(name) : entries.some((e) => e.name === name);
    if (repeated) duplicates.push({ name, keyStart, keyEnd, pointer: pointer.concat(name) }); // a copy: `pointer` is reused
    seen?.add(name);
    entries.push({ name, node: valueNode });
  }
  node.entries = entries;
  return node;
}

function hasValue(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else return c === 58; // ':'
  }
  return false;
}

/** Past whitespace and comments: where a value's own text begins. */
function skipSpace(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) i++;
    else if (c === 35 /* # */ && (i === 0 || /\s/.test(text[i - 1]!))) {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? limit : nl + 1;
    } else break;
  }
  return i < limit ? i : Math.min(from, limit);
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start) {
    const c = text.charCodeAt(e - 1);
    if (c === 32 || c === 9 || c === 10 || c === 13) e--;
    else break;
  }
  return e;
}
