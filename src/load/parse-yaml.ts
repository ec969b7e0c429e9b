import yaml from 'js-yaml';
import type { DuplicateKey, PosEntry, PosNode } from './positions.js';
import { maxAliasExpansion, maxDepth } from './limits.js';
import { yamlErrorCause } from './yaml-error-cause.js';
import { FrameTable, isIndex, mappingKind, sequenceKind, toSparseElements } from './frame-table.js';
import { readYamlFast } from './yaml-fast-path.js';

/**
 * YAML with positions, from js-yaml's `listener` hook: js-yaml is the fastest YAML parser we measured
 * (about 10× the `yaml` package on a 3 MB document) and the listener sees every node open and close
 * with its offsets, which is all a position index needs.
 *
 * The schema is YAML 1.2's core schema plus merge keys: no timestamps, so `default: 1970-13-01` stays
 * the string a JSON document would hold instead of becoming a Date (or failing).
 */
const types = (yaml as unknown as { types: Record<'null' | 'bool' | 'int' | 'float' | 'merge', yaml.Type> }).types;
const coreTypes = [types.null, types.bool, types.int, types.float];
const plainScalarType = corePlainScalar();
// merge keys after the core types, as `CORE_SCHEMA.extend({ implicit: [merge] })` orders them: its tag is what js-yaml's merge looks for
const schema = yaml.FAILSAFE_SCHEMA.extend({ implicit: [plainScalarType, types.merge], explicit: coreTypes });

/**
 * The core schema's implicit types (null, bool, int, float, in that order) behind one resolver that
 * first looks at the scalar's first character. js-yaml tries every implicit type on every plain
 * scalar, keys included (some 600,000 in a 3 MB document), most are words that no type takes, and the
 * float type tests each with a regular expression. Which type takes a scalar, and what it makes of
 * it, is still the core types' own `resolve` and `construct`; they stay explicit types too (`!!int`).
 */
function corePlainScalar(): yaml.Type {
  // what each could take by its first character: `~`/null, true/false, a sign or digit, and `.5`/`.inf`
  const firsts: Array<[yaml.Type, string]> = [
    [types.null, '~nN'],
    [types.bool, 'tTfF'],
    [types.int, '+-0123456789'],
    [types.float, '+-.0123456789'],
  ];
  const byFirst = new Map<number, yaml.Type[]>();
  for (const [type, chars] of firsts) for (const c of chars) byFirst.set(c.charCodeAt(0), [...(byFirst.get(c.charCodeAt(0)) ?? []), type]);
  const forNull = coreTypes.filter((t) => t.resolve(null));
  let taken: yaml.Type | undefined;
  return new yaml.Type('tag:swaglint.invalid,2026:core-scalar', {
    kind: 'scalar',
    resolve(data: string | null) {
      taken = undefined;
      const candidates = data === null ? forNull : data.length === 0 ? undefined : byFirst.get(data.charCodeAt(0));
      for (const t of candidates ?? []) {
        if (t.resolve(data)) {
          taken = t;
          return true;
        }
      }
      return false;
    },
    construct: (data: string | null) => taken!.construct(data),
  });
}

export interface YamlResult {
  value: unknown;
  positions: PosNode;
  duplicates: DuplicateKey[];
  /** Alias nodes seen: a document with none cannot hold an alias bomb. */
  aliases: number;
}

export class YamlSyntaxError extends Error {
  /** `duplicate`: js-yaml refused a repeated key, which swaglint reports itself. */
  constructor(message: string, readonly offset: number, readonly duplicate = false) {
    super(message);
  }
}

/**
 * The fast path first (yaml-fast-path.ts: the subset API descriptions are written in, read as js-yaml
 * reads it, or not at all), js-yaml for everything else and for every error.
 */
export function parseYaml(text: string, filename: string): YamlResult {
  return parseYamlFast(text) ?? parseYamlSlow(text, filename);
}

/** What the plain scalar type makes of a plain scalar's text: the core types' value, or the text. */
const resolvePlain = (written: string): unknown => (plainScalarType.resolve(written) ? plainScalarType.construct(written) : written);

/**
 * The fast path alone (yaml-fast-path.ts): `undefined` when the document is outside its subset.
 * Exported for the tests that hold it to js-yaml's reading.
 */
export function parseYamlFast(text: string): YamlResult | undefined {
  const fast = readYamlFast(text, resolvePlain, maxDepth >> 1);
  if (!fast) return undefined;
  const { table } = fast;
  const positions = new YamlPos(table, text, 1);
  const duplicates: DuplicateKey[] = [];
  if (fast.duplicate) collectDuplicates(positions, [], duplicates);
  return { value: fast.value, positions, duplicates, aliases: 0 };
}

/**
 * js-yaml alone, with the listener building the position index. js-yaml refuses a repeated key
 * unless `json: true`; a first parse without it costs nothing extra and tells whether the (slower)
 * full scan for duplicates is needed at all.
 */
export function parseYamlSlow(text: string, filename: string): YamlResult {
  try {
    return parseOnce(text, filename, false);
  } catch (error) {
    if (error instanceof YamlSyntaxError && error.duplicate) return parseOnce(text, filename, true);
    throw error;
  }
}

function parseOnce(text: string, filename: string, json: boolean): YamlResult {
  // a frame per four characters: a dense YAML document (flow mappings, short keys) has about one per
  // 4.5, and growing copies every array; the pages of a table's unused end are never touched
  const table = new FrameTable(Math.max(64, text.length >> 2));
  const root = table.add(0);
  table.end[root] = text.length;
  const stack: number[] = [root];
  let aliases = 0;
  let firstAlias = 0;
  let lastCollection: unknown;
  // per open frame, by its depth (only open frames need them): its children closed so far (in a
  // mapping, keys are the even ones), and whether a key of it is an array index such as `200`
  const closedAt = new Int32Array(maxDepth + 2);
  const indexKeyAt = new Uint8Array(maxDepth + 2);
  const listener = (event: 'open' | 'close', state: { position: number; result: unknown; kind: string | null; anchor: string | null }) => {
    if (event === 'open') {
      // js-yaml recurses per level: stop before the stack overflows. A key closes before its value
      // opens, so the open frames are the collections around this node.
      if (stack.length > maxDepth) throw new YamlSyntaxError(`the document nests more than ${maxDepth} levels deep`, state.position);
      closedAt[stack.length] = 0;
      indexKeyAt[stack.length] = 0;
      stack.push(table.add(state.position));
      return;
    }
    const i = stack.pop()!;
    table.end[i] = state.position;
    table.last[i] = table.n - 1;
    const result = state.result;
    const kind = state.kind;
    // Marked as each key closes, not found by a second pass over a mapping's children. A key opens
    // and closes before its value, which js-yaml composes even when empty; a flow mapping's key alone
    // (`{a, 200: b}`) shifts the count, and then an index key may be missed or a value taken for one:
    // the value is the same either way, only its elements' storage differs.
    const depth = stack.length; // this frame's; its parent's is one less
    const even = (closedAt[depth - 1]!++ & 1) === 0;
    if (even && isIndex(result)) indexKeyAt[depth - 1] = 1;
    else if (kind === 'mapping' && indexKeyAt[depth] === 1) toSparseElements(result as Record<string, unknown>);
    const collection = result !== null && typeof result === 'object';
    // a collection written as a key (`? [a, b]`, `{[1]: x}`): its text alone would not say what js-yaml made of it
    if (even && collection && hasValue(text, state.position)) {
      // js-yaml joins a sequence key into a string each time it is used: an alias makes that a copy per use
      if (kind === null) throw new YamlSyntaxError('a YAML alias of a collection is used as a key; write the key as a string', table.start[i]!);
      table.values.set(i, result);
    }
    if (kind === 'mapping' || kind === 'sequence') {
      table.kind[i] = kind === 'mapping' ? mappingKind : sequenceKind;
      // its one child closed just before it, with the same value
      if (i + 1 < table.n && table.last[i + 1] === table.n - 1 && result === lastCollection) table.sameAsChild[i] = 1;
      lastCollection = result;
    } else if (kind === null) {
      // an alias closes with no kind but an already-built result; so does an empty node, with null
      table.values.set(i, result);
      if (collection && aliases++ === 0) firstAlias = table.start[i]!;
    }
  };
  let value: unknown;
  try {
    // with `json: true` a duplicate key goes through (the last wins, as in JSON.parse); we report it ourselves
    value = yaml.load(text, { schema, json, filename, listener } as unknown as yaml.LoadOptions);
  } catch (error) {
    if (error instanceof YamlSyntaxError) throw error;
    if (error instanceof yaml.YAMLException) {
      const mark = (error as unknown as { mark?: { position: number } }).mark;
      const reason = error.reason ?? error.message;
      const duplicate = !json && /duplicated mapping key/.test(reason);
      // js-yaml names where it stopped; the mistake (an open quote, a missing colon) may be lines above
      const cause = duplicate ? undefined : yamlErrorCause(text, reason, mark?.position ?? 0, schema);
      if (cause) throw new YamlSyntaxError(cause.message, cause.offset);
      throw new YamlSyntaxError(reason, mark?.position ?? 0, duplicate);
    }
    throw error;
  }
  if (aliases > 0) checkAliasExpansion(value, firstAlias);
  table.last[root] = table.n - 1;
  const top = table.hasChildren(root) ? root + 1 : -1;
  const positions: PosNode = top === -1 ? { start: 0, end: 0 } : new YamlPos(table, text, top);
  const duplicates: DuplicateKey[] = [];
  if (json && top !== -1) collectDuplicates(positions as YamlPos, [], duplicates);
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

/**
 * A position node made from the frame table on first look: `locate` only opens the collections on
 * the way to a finding, so a clean document never builds a node for most of its values.
 */
class YamlPos implements PosNode {
  start: number;
  end: number;
  keyStart?: number;
  keyEnd?: number;
  byName?: Map<string, PosNode>;
  private opened = false;
  private entryList?: PosEntry[];
  private itemList?: PosNode[];
  /** Keys repeated in this mapping, found while opening it. */
  repeated?: Array<{ name: string; keyStart: number; keyEnd: number }>;

  constructor(private readonly table: FrameTable, private readonly text: string, private readonly frame: number) {
    this.start = skipSpace(text, table.start[frame]!, table.end[frame]!);
    this.end = trimEnd(text, this.start, table.end[frame]!);
  }

  get entries(): PosEntry[] | undefined {
    if (!this.opened) this.open();
    return this.entryList;
  }

  get items(): PosNode[] | undefined {
    if (!this.opened) this.open();
    return this.itemList;
  }

  private open(): void {
    this.opened = true;
    const { table, text } = this;
    const kind = table.kind[this.frame];
    if (kind !== mappingKind && kind !== sequenceKind) return;
    let children = table.children(this.frame);
    if (children.length === 0) {
      if (kind === sequenceKind) this.itemList = [];
      else this.entryList = [];
      return;
    }
    // js-yaml opens a block-sequence item and then the flow mapping inside it (`- {a: 1}`): two
    // frames for one value. The inner one holds the entries.
    for (let f = this.frame; children.length === 1 && table.sameAsChild[f] === 1 && table.hasChildren(children[0]!); ) {
      f = children[0]!;
      children = table.children(f);
    }
    if (kind === sequenceKind) {
      this.itemList = children.map((c) => new YamlPos(table, text, c));
      return;
    }
    const entries: PosEntry[] = [];
    let seen: Set<string> | undefined; // only for large mappings: most have a handful of keys
    for (let i = 0; i < children.length; i++) {
      const key = children[i]!;
      const keyStart = skipSpace(text, table.start[key]!, table.end[key]!);
      const keyEnd = trimEnd(text, keyStart, table.end[key]!);
      const name = keyName(table, text, key, keyStart, keyEnd);
      // A flow-mapping key written alone (`{a, b: 1}`) has no value node: tell by the missing colon.
      const valueNode: PosNode = hasValue(text, table.end[key]!) && i + 1 < children.length ? new YamlPos(table, text, children[++i]!) : { start: keyEnd, end: keyEnd };
      valueNode.keyStart = keyStart;
      valueNode.keyEnd = keyEnd;
      if (name === '<<') continue; // merged keys are reported at the mapping that merges them
      if (entries.length >= 8) seen ??= new Set(entries.map((e) => e.name));
      if (seen ? seen.has(name) : entries.some((e) => e.name === name)) (this.repeated ??= []).push({ name, keyStart, keyEnd });
      seen?.add(name);
      entries.push({ name, node: valueNode });
    }
    this.entryList = entries;
  }
}

/**
 * A key's name, as js-yaml made it. Most keys are plain words or paths on one line that no core type
 * takes (`/pets/{id}`, `description`): their text is their name. Quoted ones without escapes or line
 * breaks are their text between the quotes. Any other scalar (`200`, `true`, `"a\"b"`, `!!str 1`,
 * `&a k`, a plain key over two lines) is parsed again, alone; an alias's value and a collection key
 * were kept by the listener.
 */
function keyName(table: FrameTable, text: string, key: number, keyStart: number, keyEnd: number): string {
  if (table.values.has(key)) return keyText(table.values.get(key));
  const written = text.slice(keyStart, keyEnd);
  const first = written.charCodeAt(0);
  const oneLine = !/[\n\r]/.test(written);
  if (written.length > 0 && oneLine && !indicators.has(first) && !plainScalarType.resolve(written)) return written;
  const quote = first === 39 /* ' */ || first === 34; /* " */
  const inner = written.slice(1, -1);
  if (quote && oneLine && written.length >= 2 && written.charCodeAt(written.length - 1) === first && !inner.includes(first === 39 ? "'" : '\\')) return inner;
  try {
    return keyText(yaml.load(written, { schema }));
  } catch {
    return written;
  }
}

/**
 * A key as the string js-yaml stores it under: a sequence's items joined (an object among them, and
 * any other object, as `[object Object]`), never by calling the value's own `toString`.
 */
function keyText(key: unknown): string {
  if (key === null || typeof key !== 'object') return String(key);
  if (!Array.isArray(key)) return '[object Object]';
  return key.map((item: unknown) => (item === null || item === undefined ? '' : typeof item === 'object' ? '[object Object]' : String(item))).join(',');
}

/** What a plain scalar cannot start with (YAML's indicators, and space): such a key is parsed again. */
const indicators = new Set([...'-?:,[]{}#&*!|>\'"%@` \t'].map((c) => c.charCodeAt(0)));

/** Opens every node (iteratively: documents can be deep) to find repeated keys. */
function collectDuplicates(root: YamlPos, pointer: string[], out: DuplicateKey[]): void {
  const stack: Array<{ node: PosNode; pointer: string[] }> = [{ node: root, pointer }];
  while (stack.length > 0) {
    const { node, pointer: at } = stack.pop()!;
    if (!(node instanceof YamlPos)) continue;
    const items = node.items;
    if (items) {
      for (let i = items.length - 1; i >= 0; i--) stack.push({ node: items[i]!, pointer: at.concat(String(i)) });
      continue;
    }
    const entries = node.entries;
    if (!entries) continue;
    for (const r of node.repeated ?? []) out.push({ ...r, pointer: at.concat(r.name) });
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ node: entries[i]!.node, pointer: at.concat(entries[i]!.name) });
  }
  out.sort((a, b) => a.keyStart - b.keyStart);
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
