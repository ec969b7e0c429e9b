import type * as Jsonc from 'jsonc-parser';
import { lazyPackage } from '../lazy-package.js';
import type { DuplicateKey, PosEntry, PosNode } from './positions.js';
import { maxDepth } from './limits.js';

/**
 * JSON with positions. `JSON.parse` builds the value (ten times faster than any YAML parser on the
 * same data); one scan of the text checks the nesting depth, finds duplicate keys (which the value
 * cannot show) and records where each collection closes; the position index is built only as far
 * as lookups go into it, which for a document without findings is not at all.
 */
export interface JsonResult {
  value: unknown;
  duplicates: DuplicateKey[];
  /** Where each node sits; built on the first call, then the same tree. */
  positions: () => PosNode;
}

/**
 * jsonc-parser only names the first syntax error of a text `JSON.parse` rejects: required then, not
 * by every run (a YAML document or valid JSON never needs it; its load costs some 5-10 ms).
 */
const jsonc = lazyPackage<typeof Jsonc>('jsonc-parser');
type ParseErrorCode = Jsonc.ParseErrorCode;

export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

export function parseJson(text: string): JsonResult {
  let value: unknown;
  try {
    // V8's JSON.parse keeps its own stack: any nesting depth is safe here
    value = JSON.parse(text);
  } catch {
    // jsonc-parser's scanner recurses per level: the depth check goes first
    checkDepth(text);
    throw firstSyntaxError(text);
  }
  const scanned = scan(text, value);
  if (typeof value === 'object' && value !== null) scans.set(value, scanned);
  let positions: PosNode | undefined;
  return { value, duplicates: scanned.duplicates, positions: () => (positions ??= lazyIndex(text, scanned)) };
}

/** Each parsed document's scan, by its value: what `jsonWithEdit` shifts instead of scanning again. */
const scans = new WeakMap<object, Scan>();

/**
 * For an editor's re-lint: the result for `text`, which differs from the text whose parsed value is
 * `before` only inside one string value, its quotes where they were, and is `delta` characters longer
 * from offset `at` on (the old text's offset just past the edit). `value` is the new value, which the
 * caller built from the old one. No `JSON.parse` and no scan of 4 MB for a keystroke: the old scan's
 * offsets are shifted (the structure, keys and duplicates are those of the old text). Undefined when
 * `before` was not parsed here.
 */
export function jsonWithEdit(before: unknown, text: string, at: number, delta: number, value: unknown): JsonResult | undefined {
  const old = typeof before === 'object' && before !== null ? scans.get(before) : undefined;
  if (!old || typeof value !== 'object' || value === null) return undefined;
  const shift = (offset: number) => (offset >= at ? offset + delta : offset);
  const duplicates = old.duplicates.map((d) => (d.keyStart >= at ? { ...d, keyStart: d.keyStart + delta, keyEnd: d.keyEnd + delta } : d));
  const scanned: Scan = { duplicates, opens: delta === 0 ? old.opens : old.opens.map(shift), closes: delta === 0 ? old.closes : old.closes.map(shift), after: old.after };
  scans.set(value, scanned);
  return { value, duplicates, positions: lazyPositions(text, scanned) };
}

/** The index, built on first use; a function of its own so that its closure holds no older document. */
function lazyPositions(text: string, scanned: Scan): () => PosNode {
  let positions: PosNode | undefined;
  return () => (positions ??= lazyIndex(text, scanned));
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;

/** The offset of the quote that closes the string opening at `start` (text known to be valid JSON). */
function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1);
  for (;;) {
    // a quote preceded by an odd run of backslashes is escaped
    let k = j - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if ((j - k) % 2 === 1) return j;
    j = text.indexOf('"', j + 1);
  }
}

/** A key's name: its text between the quotes, decoded only when it holds an escape. */
function keyName(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end + 1)) as string) : raw;
}

/** What the upfront scan leaves: the duplicate keys, and where each collection closes. */
interface Scan {
  duplicates: DuplicateKey[];
  /** Offsets of every `{` and `[` in document order, and of the bracket that closes each. */
  opens: Int32Array;
  closes: Int32Array;
  /**
   * Per collection, the number of the first collection opening after it closes (its next sibling's,
   * if it has one): the lazy index steps from one nested collection to the next without a search.
   */
  after: Int32Array;
}

/**
 * Finds the next character the scans act on: a quote, a bracket or a comma. One native search over
 * the indentation, colons and numbers between them: a loop over every character (1.3 million
 * spaces in a 4 MB pretty-printed document) ran in V8's interpreter for most of a cold run's scan.
 * Global, so that `lastIndex` carries the place; each scan sets it before its first search.
 */
const token = /["{}[\],]/g;

/**
 * The upfront scan of a text `JSON.parse` accepted: the nesting depth (a document past `maxDepth` is
 * refused as the YAML parser refuses it), where each collection closes (for the lazy index), and
 * whether some object writes a key twice. That last is a count, not a name per key: the text's keys
 * against the parsed value's (each repeated key is one key fewer in the value), and only a text
 * where they differ is scanned again by `duplicateKeys` for the exact offsets and pointers.
 */
function scan(text: string, value: unknown): Scan {
  // per depth: an object?, expecting a key?, and the number of the collection open there (its place in `opens`)
  const isObject: boolean[] = [];
  const expectKey: boolean[] = [];
  const openAt: number[] = [];
  let opens: Int32Array = new Int32Array(1024);
  let closes: Int32Array = new Int32Array(1024);
  let after: Int32Array = new Int32Array(1024);
  let count = 0;
  let depth = -1;
  let keys = 0;
  token.lastIndex = 0;
  while (token.test(text)) {
    const i = token.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (expectKey[depth] === true) {
        keys++;
        expectKey[depth] = false;
      }
      token.lastIndex = stringEnd(text, i) + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth >= maxDepth) throw new JsonSyntaxError(`the document nests more than ${maxDepth} levels deep`, i);
      const object = c === OPEN_BRACE;
      isObject[depth] = object;
      expectKey[depth] = object;
      if (count === opens.length) {
        opens = grow(opens);
        closes = grow(closes);
        after = grow(after);
      }
      opens[count] = i;
      openAt[depth] = count++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      closes[openAt[depth]!] = i;
      after[openAt[depth]!] = count;
      depth--;
    } else if (isObject[depth]) expectKey[depth] = true; // a comma in an object: a key comes next
  }
  const duplicates = keys === keysOf(value) ? [] : duplicateKeys(text);
  return { duplicates, opens: opens.subarray(0, count), closes: closes.subarray(0, count), after: after.subarray(0, count) };
}

/** The keys of every object in a parsed value, counted; iterative, as the value may nest deeply. */
function keysOf(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (typeof v[i] === 'object') stack.push(v[i]);
    } else {
      for (const k in v) {
        n++;
        const child = (v as Record<string, unknown>)[k];
        if (typeof child === 'object') stack.push(child);
      }
    }
  }
  return n;
}

/**
 * Every second (and later) occurrence of a key in one object of a text `JSON.parse` accepted, with
 * its exact offsets and pointer. Only one object is open per depth, so one reusable set of seen
 * names per depth is enough.
 */
function duplicateKeys(text: string): DuplicateKey[] {
  const duplicates: DuplicateKey[] = [];
  // per open collection, by depth: an object?, expecting a key?, the current key, the current item
  const isObject: boolean[] = [];
  const expectKey: boolean[] = [];
  const key: string[] = [];
  const item: number[] = [];
  const seen: Array<Set<string>> = [];
  let depth = -1;
  token.lastIndex = 0;
  while (token.test(text)) {
    const i = token.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (expectKey[depth] === true) {
        const name = keyName(text, i, end);
        const names = seen[depth]!;
        if (names.has(name)) duplicates.push({ name, keyStart: i, keyEnd: end + 1, pointer: pointerAt(depth, isObject, key, item).concat(name) });
        else names.add(name);
        key[depth] = name;
        expectKey[depth] = false;
      }
      token.lastIndex = end + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const object = c === OPEN_BRACE;
      isObject[++depth] = object;
      expectKey[depth] = object;
      item[depth] = 0;
      if (object) {
        if (seen[depth]) seen[depth]!.clear();
        else seen[depth] = new Set();
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (isObject[depth]) expectKey[depth] = true;
    else item[depth]!++;
  }
  return duplicates;
}

function grow(array: Int32Array): Int32Array {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** The pointer of the collection open at `depth`: each enclosing one's current key or item. */
function pointerAt(depth: number, isObject: readonly boolean[], key: readonly string[], item: readonly number[]): string[] {
  const pointer: string[] = [];
  for (let d = 0; d < depth; d++) pointer.push(isObject[d] ? key[d]! : String(item[d]));
  return pointer;
}

/**
 * The position index of a text `JSON.parse` accepted, built as it is walked: a collection lists its
 * entries or items (the same shape the YAML parser gives) only when a lookup first goes into it,
 * jumping over nested collections by the closing offsets the scan recorded. A report of 300 findings
 * on a 4 MB document opens a few thousand collections, not the 100,000 it holds.
 */
function lazyIndex(text: string, scanned: Scan): PosNode {
  const index = new JsonText(text, scanned);
  const first = index.skipSpace(0);
  return first < text.length ? index.node(first, index.valueEnd(first), undefined, undefined, 0) : { start: 0, end: 0 };
}

/** The text and its closing offsets, shared by the nodes of one index. */
class JsonText {
  /** Whether some object of the text writes a key twice: its lookups then read every entry, the last one written winning. */
  readonly repeatsKeys: boolean;

  constructor(
    readonly text: string,
    private readonly scanned: Scan,
  ) {
    this.repeatsKeys = scanned.duplicates.length > 0;
  }

  /** The node of the value at `[start, end)`, with its key's offsets for an object's entry. */
  node(start: number, end: number, keyStart: number | undefined, keyEnd: number | undefined, open: number): PosNode {
    const c = this.text.charCodeAt(start);
    if (c === OPEN_BRACE) return new LazyObject(this, start, end, keyStart, keyEnd, this.openNumber(open, start));
    if (c === OPEN_BRACKET) return new LazyArray(this, start, end, keyStart, keyEnd, this.openNumber(open, start));
    return keyStart === undefined ? { start, end } : { start, end, keyStart, keyEnd };
  }

  /** The offset just past the value starting at `i`. */
  valueEnd(i: number): number {
    const text = this.text;
    const c = text.charCodeAt(i);
    if (c === QUOTE) return stringEnd(text, i) + 1;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) return this.closeOf(i) + 1;
    // a number, true, false or null: up to the next delimiter
    let j = i + 1;
    for (; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break;
    }
    return j;
  }

  /**
   * The value at `i` inside a collection, as [its end, the number of the collection opening after
   * it]: `open` is the number of the next collection to open in the text (a nested one's is read, not
   * searched for). Pretty-printed text is mostly indentation and nested values: a lookup stepped
   * over both a character at a time, which a cold process runs in the interpreter.
   */
  valueAt(i: number, open: number): number {
    const c = this.text.charCodeAt(i);
    if ((c === OPEN_BRACE || c === OPEN_BRACKET) && this.scanned.opens[open] === i) return this.scanned.closes[open]! + 1;
    return this.valueEnd(i);
  }

  /** The number of the collection opening after the value at `i` (which ends at `end`), given `open`, the next one's before it. */
  nextOpen(i: number, end: number, open: number): number {
    const { opens, after } = this.scanned;
    if (opens[open] === i) return after[open]!;
    // a scalar opens nothing; a collection not where expected (never, by the scan) is searched for
    return open < opens.length && opens[open]! >= end ? open : this.firstOpenAtOrAfter(end);
  }

  /** The number of `start`'s collection: `open` when the walk kept count, else searched for. */
  openNumber(open: number, start: number): number {
    return this.scanned.opens[open] === start ? open : this.firstOpenAtOrAfter(start);
  }

  private firstOpenAtOrAfter(offset: number): number {
    const { opens } = this.scanned;
    let lo = 0;
    let hi = opens.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (opens[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Past the spaces at `i`: most often none or one, tested before the loop. */
  spaceFrom(i: number): number {
    const text = this.text;
    if (!isSpace(text.charCodeAt(i))) return i;
    if (!isSpace(text.charCodeAt(i + 1))) return i + 1;
    return this.skipSpace(i + 2);
  }

  skipSpace(i: number): number {
    while (isSpace(this.text.charCodeAt(i))) i++;
    return i;
  }

  private closeOf(open: number): number {
    const { opens, closes } = this.scanned;
    let lo = 0;
    let hi = opens.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (opens[mid]! < open) lo = mid + 1;
      else hi = mid;
    }
    return closes[lo]!;
  }
}

abstract class LazyCollection implements PosNode {
  constructor(
    protected readonly json: JsonText,
    public start: number,
    public end: number,
    public keyStart: number | undefined,
    public keyEnd: number | undefined,
    /** Its number among the scan's collections. */
    protected readonly open: number,
  ) {}
}

/** Up to this many entries, a name is looked for along the list. */
const SMALL = 12;

class LazyObject extends LazyCollection {
  /**
   * The keys' names read so far, in order, and per entry its key's and value's offsets and the
   * number of the collection that opens next (five numbers).
   */
  private readonly names: string[] = [];
  private readonly offsets: number[] = [];
  /** Each entry's value node, made when a lookup (or `entries`) first reaches it. */
  private readonly nodes: Array<PosNode | undefined> = [];
  /** Where the next key is searched for from: 0 before the first, -1 once every entry is read. */
  private from = 0;
  /** The number of the collection that opens next after the entries read. */
  private nextCollection = 0;
  private list: PosEntry[] | undefined;
  private index: Map<string, number> | undefined;
  private lookups = 0;

  get entries(): PosEntry[] {
    if (this.list) return this.list;
    this.readAll();
    const names = this.names;
    const list: PosEntry[] = [];
    for (let i = 0; i < names.length; i++) list.push({ name: names[i]!, node: this.nodeAt(i) });
    return (this.list = list);
  }

  /**
   * The value under `name` (the last one written, as in the parsed value), without a node for each
   * entry: a finding's pointer passes through objects of hundreds of entries (`definitions`,
   * `properties`), and a node and an entry object for each, then a map of them all, were much of
   * the cost of placing it in a cold process. A map is built only for a large object looked into
   * more than once. Entries are read only as far as the name: in a text that writes no key twice
   * the first one found is the one (DocuSign's findings need 6,056 of the 12,088 entries of the
   * objects they pass through).
   */
  lookup(name: string): PosNode | undefined {
    if (this.json.repeatsKeys) this.readAll();
    const names = this.names;
    this.lookups++;
    if (!this.index && this.lookups > 1 && names.length > SMALL) {
      this.index = new Map();
      for (let i = 0; i < names.length; i++) this.index.set(names[i]!, i);
    }
    if (this.index) {
      const i = this.index.get(name);
      if (i !== undefined) return this.nodeAt(i);
    } else {
      for (let i = names.length - 1; i >= 0; i--) if (names[i] === name) return this.nodeAt(i);
    }
    const i = this.readUntil(name);
    return i === -1 ? undefined : this.nodeAt(i);
  }

  private readAll(): void {
    this.readUntil(undefined);
  }

  /**
   * Reads on to the entry named `name` (every entry when undefined): its number, or -1 once past the
   * last. Only spaces, a comma or the closing brace lie between a value and the next key (the text
   * is valid JSON), and only spaces around a colon: the next quote and the colon are searched for.
   * Bounded by the collection's end, so that a broken invariant ends the reading instead of running
   * on. One loop over locals, the state kept only when it stops: it runs cold, in the interpreter.
   */
  private readUntil(name: string | undefined): number {
    let from = this.from;
    if (from === -1) return -1;
    const { json, names, offsets, index } = this;
    const text = json.text;
    let open = this.nextCollection;
    if (from === 0) {
      from = this.start + 1;
      open = this.open + 1;
    }
    for (let i = text.indexOf('"', from); i !== -1 && i < this.end; i = text.indexOf('"', from)) {
      const keyEnd = stringEnd(text, i) + 1;
      const valueStart = json.spaceFrom(text.indexOf(':', keyEnd) + 1);
      const end = json.valueAt(valueStart, open);
      const key = keyName(text, i, keyEnd - 1);
      const n = names.push(key) - 1;
      offsets.push(i, keyEnd, valueStart, end, open);
      index?.set(key, n);
      open = json.nextOpen(valueStart, end, open);
      from = end;
      if (key === name) {
        this.from = from;
        this.nextCollection = open;
        return n;
      }
    }
    this.from = -1;
    return -1;
  }

  private nodeAt(i: number): PosNode {
    const nodes = this.nodes;
    const known = nodes[i];
    if (known) return known;
    const o = this.offsets;
    return (nodes[i] = this.json.node(o[5 * i + 2]!, o[5 * i + 3]!, o[5 * i]!, o[5 * i + 1]!, o[5 * i + 4]!));
  }
}

class LazyArray extends LazyCollection {
  private list: PosNode[] | undefined;

  get items(): PosNode[] {
    if (this.list) return this.list;
    const { json } = this;
    const text = json.text;
    const items: PosNode[] = [];
    let open = this.open + 1;
    for (let i = json.spaceFrom(this.start + 1); i < this.end && text.charCodeAt(i) !== CLOSE_BRACKET; ) {
      const end = json.valueAt(i, open);
      items.push(json.node(i, end, undefined, undefined, open));
      open = json.nextOpen(i, end, open);
      const after = json.spaceFrom(end);
      i = text.charCodeAt(after) === COMMA ? json.spaceFrom(after + 1) : after;
    }
    return (this.list = items);
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * Stops at the first bracket past `maxDepth` levels. A plain scan, no recursion: brackets inside
 * strings are skipped; whatever else is wrong with the text is left to the parsers.
 */
function checkDepth(text: string): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) throw new JsonSyntaxError(`the document nests more than ${maxDepth} levels deep`, i);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
}

function firstSyntaxError(text: string): JsonSyntaxError {
  let found: JsonSyntaxError | undefined;
  jsonc().visit(
    text,
    {
      onError(error, offset) {
        found ??= new JsonSyntaxError(describe(error), offset);
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return found ?? new JsonSyntaxError('the text is not valid JSON', 0);
}

let descriptionTable: Partial<Record<ParseErrorCode, string>> | undefined;

function descriptions(): Partial<Record<ParseErrorCode, string>> {
  const { ParseErrorCode } = jsonc();
  return (descriptionTable ??= {
    [ParseErrorCode.InvalidSymbol]: 'unexpected character',
    [ParseErrorCode.InvalidNumberFormat]: 'a malformed number',
    [ParseErrorCode.PropertyNameExpected]: 'a property name in double quotes was expected (a trailing comma?)',
    [ParseErrorCode.ValueExpected]: 'a value was expected (a trailing comma?)',
    [ParseErrorCode.ColonExpected]: "a ':' was expected",
    [ParseErrorCode.CommaExpected]: "a ',' was expected",
    [ParseErrorCode.CloseBraceExpected]: "a closing '}' was expected",
    [ParseErrorCode.CloseBracketExpected]: "a closing ']' was expected",
    [ParseErrorCode.EndOfFileExpected]: 'text after the end of the JSON value',
    [ParseErrorCode.InvalidCommentToken]: 'comments are not allowed in JSON',
    [ParseErrorCode.UnexpectedEndOfComment]: 'an unterminated comment',
    [ParseErrorCode.UnexpectedEndOfString]: 'an unterminated string',
    [ParseErrorCode.UnexpectedEndOfNumber]: 'an unterminated number',
    [ParseErrorCode.InvalidUnicode]: 'an invalid \\u escape',
    [ParseErrorCode.InvalidEscapeCharacter]: 'an invalid escape character',
    [ParseErrorCode.InvalidCharacter]: 'a control character inside a string',
  });
}

function describe(code: ParseErrorCode): string {
  return `invalid JSON: ${descriptions()[code] ?? 'a syntax error'}`;
}
