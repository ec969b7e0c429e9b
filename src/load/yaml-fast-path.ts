import { FrameTable, isIndex, mappingKind, sequenceKind, toSparseElements } from './frame-table.js';

/**
 * A reader for the subset of YAML that API descriptions are written in: block mappings and sequences,
 * plain, quoted and block scalars (with chomping and indentation indicators), comments, flow
 * collections (nested, over lines), a document marker. It fills the same frame table js-yaml's
 * listener fills (parse-yaml.ts) with the offsets js-yaml would report, including the frames js-yaml
 * opens for a would-be key (a sequence item's or a next-line value's flow collection), so the
 * position index built from it answers the same; values are made by the same core types. Warm, it
 * reads a 3 MB document in a third of js-yaml's time; cold, in about 0.6 (bench/README.md, round seven).
 *
 * It gives up (returns `undefined`; nothing it made is kept) on anything else and on anything that
 * would be an error: anchors, aliases, tags, merge keys, `__proto__`, directives, several documents,
 * explicit, multi-line and collection keys, tabs between tokens, empty sequence items, a top level that
 * is not a block mapping, a byte order mark, non-printable characters, nesting past `depthLimit`. Then
 * js-yaml reads the document, so values, error messages and their places stay js-yaml's own.
 */
export interface FastYaml {
  value: unknown;
  table: FrameTable;
  /** A mapping repeats a key: the position index is opened in full to find where. */
  duplicate: boolean;
}

/** What a plain scalar is in the core schema: its text turned into null, a boolean or a number, or the text. */
export type PlainResolver = (text: string) => unknown;

/** Thrown to give up; caught once, at the top. */
const bail: unique symbol = Symbol('bail');

/** Where the last read gave up (the reader's source line), when `traceGiveUps` is on: for bench/yaml-fast-check.mjs. */
export const giveUps = { trace: false, last: '', at: 0 };

function giveUp(): symbol {
  if (giveUps.trace) giveUps.last = new Error().stack?.split('\n')[2]?.trim() ?? '';
  return bail;
}

/**
 * js-yaml refuses these in a scalar, and the fast path does not look for where. The first pattern is
 * the cheap scan (any surrogate included); only a text it matches is held to the exact one, whose
 * lone-surrogate alternatives cost some 20 ms on a 3 MB text.
 */
const maybeNonPrintable = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uD800-\uDFFF\uFFFE\uFFFF]/;
const nonPrintable = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

export function readYamlFast(text: string, resolve: PlainResolver, depthLimit: number): FastYaml | undefined {
  if (text.length === 0 || text.charCodeAt(0) === 0xfeff || (maybeNonPrintable.test(text) && nonPrintable.test(text))) {
    if (giveUps.trace) giveUps.last = 'empty, a byte order mark or a non-printable character';
    return undefined;
  }
  // js-yaml reads a text that does not end with a line break as if it did: its end offsets count that break
  const input = text.charCodeAt(text.length - 1) === 10 || text.charCodeAt(text.length - 1) === 13 ? text : text + '\n';
  const reader = new Reader(input, text.length, resolve, depthLimit);
  try {
    return reader.document();
  } catch (error) {
    if (error === bail) return undefined;
    throw error;
  }
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const HASH = 35;
const COLON = 58;
const DASH = 45;
/**
 * The end of the text where the reader checks for it without reading past it (see `skip`): a small
 * integer, as every character code is, where NaN would throw away code compiled for small integers.
 */
const END = -1;

function isEol(c: number): boolean {
  return c === LF || c === CR;
}

/** A space, tab or line break, or the end of the text (NaN). */
function isWsOrEnd(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR || c !== c;
}

function isFlowIndicator(c: number): boolean {
  return c === 44 /* , */ || c === 91 /* [ */ || c === 93 /* ] */ || c === 123 /* { */ || c === 125; /* } */
}

/** What may start a plain scalar that a core type could take (`~`, null, booleans, numbers). */
const typedFirst = new Uint8Array(128);
for (const c of '~nNtTfF+-.0123456789') typedFirst[c.charCodeAt(0)] = 1;

/** Characters that never start a plain scalar in the subset (js-yaml's readPlainScalar refusals, and `?`/`-` taken as indicators). */
const notPlainFirst = new Uint8Array(128);
for (const c of ',[]{}#&*!|>\'"%@`') notPlainFirst[c.charCodeAt(0)] = 1;

const escapes: Record<number, string> = {
  0x30: '\x00', 0x61: '\x07', 0x62: '\x08', 0x74: '\x09', 0x09: '\x09', 0x6e: '\x0A', 0x76: '\x0B', 0x66: '\x0C',
  0x72: '\x0D', 0x65: '\x1B', 0x20: ' ', 0x22: '"', 0x2f: '/', 0x5c: '\\', 0x4e: '\x85', 0x5f: '\xA0', 0x4c: '\u2028', 0x50: '\u2029',
};

class Reader {
  readonly table: FrameTable;
  /** The start of the line the last token skipped to. */
  lineStart = 0;
  depth = 0;
  duplicate = false;

  constructor(
    private readonly s: string,
    private readonly textLength: number,
    private readonly resolve: PlainResolver,
    private readonly depthLimit: number,
  ) {
    this.table = new FrameTable(Math.max(64, s.length >> 2));
  }

  document(): FastYaml {
    const { s, table } = this;
    const root = table.add(0);
    table.end[root] = this.textLength;
    let p = this.skip(0);
    if (p >= s.length) throw giveUp();
    if (p === this.lineStart && s.startsWith('---', p) && isWsOrEnd(s.charCodeAt(p + 3))) {
      const line = this.lineStart;
      p = this.skip(p + 3);
      if (this.lineStart === line) throw giveUp(); // content on the `---` line
    }
    if (p >= s.length) throw giveUp(); // an empty document
    const top = table.add(p);
    const value = this.mapping(top, p, p - this.lineStart);
    if (this.next < s.length) throw giveUp();
    table.last[root] = table.n - 1;
    return { value, table, duplicate: this.duplicate };
  }

  /** Where `mapping`/`sequence`/a value's trailing skip stopped: the next token (or the end). */
  next = 0;

  /**
   * js-yaml's skipSeparationSpace with comments: spaces, comments and line breaks. Sets `lineStart`
   * when it crosses a line. A tab anywhere between tokens gives up (js-yaml refuses some, in indentation).
   */
  private skip(from: number): number {
    const s = this.s;
    let p = from;
    for (;;) {
      // Past the end `charCodeAt` gives NaN, which every test here takes as the end; but optimised code
      // that reads there is thrown away the first time (an "out of bounds" deoptimisation) and compiled
      // again, once per such read. The text ends with a line break, so only a read just after the last
      // break goes past it: here, in a plain scalar's and a block scalar's next line. A multi-file API
      // ends 195 texts, and paid those compiles (bench/README.md, round fourteen).
      if (p >= s.length) return p;
      let c = s.charCodeAt(p);
      while (c === SPACE) c = s.charCodeAt(++p);
      if (c === TAB) throw giveUp();
      if (c === HASH) {
        do c = s.charCodeAt(++p);
        while (c === c && !isEol(c));
      }
      if (c === LF || c === CR) {
        p += c === CR && s.charCodeAt(p + 1) === LF ? 2 : 1;
        this.lineStart = p;
        continue;
      }
      return p;
    }
  }

  private enter(): void {
    if (++this.depth > this.depthLimit) throw giveUp();
  }

  /** A block mapping whose first key is at `p`, in column `indent`; `frame` is its frame, opened by the caller. */
  private mapping(frame: number, first: number, indent: number): Record<string, unknown> {
    this.enter();
    const { s, table } = this;
    const result: Record<string, unknown> = {};
    let sparse = false;
    let p = first;
    for (;;) {
      // a key: `---`/`...` at a line start end the document, which the subset does not go past
      const c = s.charCodeAt(p);
      if (p === this.lineStart && (c === DASH || c === 46) && s.charCodeAt(p + 1) === c && s.charCodeAt(p + 2) === c && isWsOrEnd(s.charCodeAt(p + 3))) throw giveUp();
      if (giveUps.trace) giveUps.at = p;
      const keyFrame = table.add(p);
      const colon = this.key(p);
      if (colon < 0) throw giveUp();
      table.end[keyFrame] = this.keyEnd;
      table.last[keyFrame] = keyFrame;
      const keyValue = this.keyValue;
      const name = typeof keyValue === 'string' ? keyValue : String(keyValue);
      if (name === '__proto__' || name === '<<') throw giveUp();
      // before the first index key is stored: V8 would give `{}` an array as long as the index (see toSparseElements)
      if (!sparse && isIndex(keyValue)) {
        sparse = true;
        toSparseElements(result);
      }
      const valueFrame = table.add(colon + 1);
      const value = this.blockValue(valueFrame, colon + 1, indent, true);
      if (result[name] !== undefined && Object.prototype.hasOwnProperty.call(result, name)) this.duplicate = true;
      result[name] = value;
      p = this.next;
      if (p >= s.length) break;
      const col = p - this.lineStart;
      if (col < indent) break;
      if (col > indent) throw giveUp(); // js-yaml: bad indentation of a mapping entry
    }
    table.end[frame] = p;
    table.last[frame] = table.n - 1;
    table.kind[frame] = mappingKind;
    this.depth--;
    return result;
  }

  /** Set by `key`: the key's value (before it becomes a string) and where its text ends. */
  keyValue: unknown;
  keyEnd = 0;

  /**
   * A one-line implicit key at `p`: its colon's offset, or -1 when the line holds no key (a plain or
   * quoted scalar, or something else). Sets `keyValue` and `keyEnd`.
   */
  private key(p: number): number {
    const s = this.s;
    const c = s.charCodeAt(p);
    let e: number;
    if (c === 34 || c === 39) {
      const before = this.lineStart;
      const v = c === 34 ? this.doubleQuoted(p) : this.singleQuoted(p);
      e = this.next;
      if (this.lineStart !== before) {
        this.lineStart = before;
        return -1; // over several lines: a scalar, not a key
      }
      this.keyValue = v;
      this.keyEnd = e;
      while (s.charCodeAt(e) === SPACE) e++;
      if (s.charCodeAt(e) !== COLON) return -1;
    } else {
      if (!this.plainStart(p, false)) return -1;
      let end = p;
      e = p;
      for (;;) {
        const ch = s.charCodeAt(e);
        if (ch === COLON && isWsOrEnd(s.charCodeAt(e + 1))) break;
        if (ch === HASH && (s.charCodeAt(e - 1) === SPACE || s.charCodeAt(e - 1) === TAB)) return -1;
        if (ch !== ch || isEol(ch)) return -1;
        if (ch !== SPACE && ch !== TAB) end = e + 1;
        e++;
      }
      const written = s.slice(p, end);
      this.keyValue = typedFirst[written.charCodeAt(0)] === 1 ? this.resolve(written) : written;
      this.keyEnd = end;
    }
    // js-yaml: a whitespace character is expected after the key-value separator (a tab there is left to it)
    const after = s.charCodeAt(e + 1);
    if (after === TAB || !isWsOrEnd(after)) throw giveUp();
    return e;
  }

  /** Whether a plain scalar may start at `p` (js-yaml's readPlainScalar's first tests). */
  private plainStart(p: number, inFlow: boolean): boolean {
    const s = this.s;
    const c = s.charCodeAt(p);
    if (c !== c || c === SPACE || c === TAB || isEol(c) || (c < 128 && notPlainFirst[c] === 1)) return false;
    if (c === 63 /* ? */ || c === DASH || c === COLON) {
      const f = s.charCodeAt(p + 1);
      if (isWsOrEnd(f) || (inFlow && isFlowIndicator(f))) return false;
    }
    return true;
  }

  /**
   * The value after a block mapping's colon (`from`), or a block sequence item's content, in the node
   * `frame`. `indent` is the column of the mapping or sequence that holds it: a scalar's continuation
   * lines and a block scalar's content indent past it. Sets `next` and the frame's end.
   */
  private blockValue(frame: number, from: number, indent: number, afterColon: boolean): unknown {
    const { s, table } = this;
    let p = from;
    while (s.charCodeAt(p) === SPACE) p++;
    let c = s.charCodeAt(p);
    let value: unknown;
    let end: number;
    // js-yaml reads a sequence item's content, and a value on the line after its key, as a would-be
    // key first: a collection read so gets a frame inside the node's, with the same value
    let inner = !afterColon;
    if (c !== c || c === HASH || isEol(c)) {
      if (!afterColon) throw giveUp(); // an empty sequence item, or its content on the next line
      // the value starts on a later line, or there is none
      const t = this.skip(p);
      const col = t - this.lineStart;
      if (t < s.length && s.charCodeAt(t) === DASH && isWsOrEnd(s.charCodeAt(t + 1)) && col >= indent) return this.sequence(frame, t, col);
      if (t >= s.length || col <= indent) {
        // empty: js-yaml's node closes where its seek for content stopped
        this.next = t;
        table.end[frame] = t;
        table.last[frame] = frame;
        return null;
      }
      if (this.key(t) >= 0) return this.mapping(frame, t, col);
      c = s.charCodeAt(t);
      if (c === 124 || c === 62) throw giveUp(); // a block scalar's indicator on the line after the key
      p = t;
      inner = true;
    }
    if (c === 124 /* | */ || c === 62 /* > */) {
      value = this.blockScalar(p, indent + 1);
      end = this.next;
      table.end[frame] = end;
      table.last[frame] = frame;
      const t = this.skip(end);
      this.next = t;
      return value;
    }
    if (c === 91 /* [ */ || c === 123 /* { */) {
      if (!inner) value = this.flow(frame, p);
      else {
        // the index descends into the inner frame when it has children, and otherwise lists it (`- {}`
        // has one entry there): the same frames answer the same
        const inner = table.add(p);
        value = this.flow(inner, p);
        table.end[inner] = this.next;
        table.kind[frame] = table.kind[inner]!;
        table.last[frame] = table.n - 1;
        table.sameAsChild[frame] = 1;
      }
      end = this.next;
    } else if (c === 34 || c === 39) {
      value = c === 34 ? this.doubleQuoted(p) : this.singleQuoted(p);
      end = this.next;
      table.last[frame] = frame;
    } else {
      if (!this.plainStart(p, false)) throw giveUp();
      value = this.plain(p, indent + 1);
      end = this.next;
      table.last[frame] = frame;
    }
    table.end[frame] = end;
    const line = this.lineStart;
    const t = this.skip(end);
    if (t < s.length && this.lineStart === line) throw giveUp(); // more on the value's line
    this.next = t;
    return value;
  }

  /** A block sequence whose first `-` is at `first`, in column `indent`. */
  private sequence(frame: number, first: number, indent: number): unknown[] {
    this.enter();
    const { s, table } = this;
    const result: unknown[] = [];
    let p = first;
    for (;;) {
      let c = p + 1;
      while (s.charCodeAt(c) === SPACE) c++;
      const ch = s.charCodeAt(c);
      if (ch !== ch || isEol(ch) || ch === HASH || ch === TAB) throw giveUp(); // empty item, or content on a later line
      const item = table.add(c);
      const col = c - this.lineStart;
      if (ch === DASH && isWsOrEnd(s.charCodeAt(c + 1))) {
        result.push(this.sequence(item, c, col));
      } else {
        const colon = this.key(c);
        if (colon >= 0) result.push(this.mapping(item, c, col));
        else result.push(this.blockValue(item, c, indent, false));
      }
      p = this.next;
      if (p >= s.length) break;
      const at = p - this.lineStart;
      if (at > indent) throw giveUp(); // js-yaml: bad indentation of a sequence entry
      if (at < indent || s.charCodeAt(p) !== DASH || !isWsOrEnd(s.charCodeAt(p + 1))) break;
    }
    table.end[frame] = p;
    table.last[frame] = table.n - 1;
    table.kind[frame] = sequenceKind;
    this.depth--;
    return result;
  }

  /**
   * A plain scalar in block context (js-yaml's readPlainScalar): lines after the first continue it when
   * indented at least `nodeIndent`, folded. Sets `next` to its end (before trailing spaces).
   */
  private plain(p: number, nodeIndent: number): unknown {
    const s = this.s;
    let out = '';
    let start = p;
    let end = p;
    let e = p;
    for (;;) {
      const c = s.charCodeAt(e);
      if (c === COLON && isWsOrEnd(s.charCodeAt(e + 1))) throw giveUp();
      if (c === HASH && (s.charCodeAt(e - 1) === SPACE || s.charCodeAt(e - 1) === TAB)) {
        if (out !== '') throw giveUp(); // a comment after a continuation line's text
        break;
      }
      if (c !== c || isEol(c)) {
        // does a later line continue it?
        let r = e;
        let breaks = 0;
        let lineStart = this.lineStart;
        let indent = 0;
        let ch = c;
        while (ch === LF || ch === CR) {
          r += ch === CR && s.charCodeAt(r + 1) === LF ? 2 : 1;
          breaks++;
          lineStart = r;
          if (r >= s.length) {
            // the end, without reading past it (see skip)
            ch = END;
            break;
          }
          while (s.charCodeAt(r) === SPACE) r++;
          indent = r - lineStart;
          ch = s.charCodeAt(r);
          if (ch === TAB) throw giveUp();
        }
        if (ch === END || indent < nodeIndent || ch === HASH) break;
        out += s.slice(start, end) + (breaks === 1 ? ' ' : '\n'.repeat(breaks - 1));
        this.lineStart = lineStart;
        start = end = e = r;
        continue;
      }
      if (c !== SPACE && c !== TAB) end = e + 1;
      e++;
    }
    this.next = end;
    const written = out === '' ? s.slice(start, end) : out + s.slice(start, end);
    return typedFirst[written.charCodeAt(0)] === 1 ? this.resolve(written) : written;
  }

  /** Line breaks inside a quoted scalar: js-yaml's fold (one break is a space, n + 1 keep n). Returns where the next line's text starts. */
  private quotedBreak(p: number): number {
    const s = this.s;
    let r = p;
    let breaks = 0;
    let ch = s.charCodeAt(r);
    for (;;) {
      while (ch === SPACE || ch === TAB) ch = s.charCodeAt(++r);
      if (!isEol(ch)) break;
      r += ch === CR && s.charCodeAt(r + 1) === LF ? 2 : 1;
      breaks++;
      this.lineStart = r;
      ch = s.charCodeAt(r);
      if (ch === TAB) throw giveUp();
      // a document marker at a line start ends the document inside the scalar: js-yaml refuses it
      if ((ch === DASH || ch === 46) && s.charCodeAt(r + 1) === ch && s.charCodeAt(r + 2) === ch && isWsOrEnd(s.charCodeAt(r + 3))) throw giveUp();
    }
    this.folded = breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
    return r;
  }
  private folded = '';

  private singleQuoted(p: number): string {
    const s = this.s;
    let out = '';
    let e = p + 1;
    let start = e;
    let end = e;
    for (;;) {
      const c = s.charCodeAt(e);
      if (c !== c) throw giveUp();
      if (c === 39) {
        out += s.slice(start, e);
        if (s.charCodeAt(e + 1) === 39) {
          start = e + 1;
          e += 2;
          end = e;
          continue;
        }
        this.next = e + 1;
        return out;
      }
      if (isEol(c)) {
        out += s.slice(start, end);
        e = this.quotedBreak(e);
        out += this.folded;
        start = end = e;
        continue;
      }
      e++;
      end = e;
    }
  }

  private doubleQuoted(p: number): string {
    const s = this.s;
    let out = '';
    let e = p + 1;
    let start = e;
    let end = e;
    for (;;) {
      const c = s.charCodeAt(e);
      if (c !== c) throw giveUp();
      if (c === 34) {
        out += s.slice(start, e);
        this.next = e + 1;
        return out;
      }
      if (c === 92) {
        out += s.slice(start, e);
        const x = s.charCodeAt(e + 1);
        if (isEol(x)) {
          // an escaped line break: the lines join without a space (the fold quotedBreak works out is not used)
          e = this.quotedBreak(e + 1);
        } else if (escapes[x] !== undefined) {
          out += escapes[x];
          e += 2;
        } else {
          const n = x === 0x78 ? 2 : x === 0x75 ? 4 : x === 0x55 ? 8 : 0;
          if (n === 0) throw giveUp();
          let code = 0;
          for (let i = 0; i < n; i++) {
            const h = s.charCodeAt(e + 2 + i);
            const d = h >= 48 && h <= 57 ? h - 48 : h >= 97 && h <= 102 ? h - 87 : h >= 65 && h <= 70 ? h - 55 : -1;
            if (d < 0) throw giveUp();
            code = code * 16 + d;
          }
          if (code > 0x10ffff) throw giveUp();
          out += String.fromCodePoint(code);
          e += 2 + n;
        }
        start = end = e;
        continue;
      }
      if (isEol(c)) {
        out += s.slice(start, end);
        e = this.quotedBreak(e);
        out += this.folded;
        start = end = e;
        continue;
      }
      e++;
      end = e;
    }
  }

  /** js-yaml's readBlockScalar, `|` or `>` at `p`. Sets `next` where it stopped: the first non-space of the line that ends it. */
  private blockScalar(p: number, nodeIndent: number): string {
    const s = this.s;
    const folding = s.charCodeAt(p) === 62;
    let chomping = 0; // 0 clip, 1 keep, 2 strip
    let detectedIndent = false;
    let textIndent = nodeIndent;
    let e = p + 1;
    let ch = s.charCodeAt(e);
    for (;;) {
      if (ch === 43 || ch === DASH) {
        if (chomping !== 0) throw giveUp();
        chomping = ch === 43 ? 1 : 2;
      } else if (ch >= 48 && ch <= 57) {
        if (ch === 48 || detectedIndent) throw giveUp();
        textIndent = nodeIndent + (ch - 48) - 1;
        detectedIndent = true;
      } else break;
      ch = s.charCodeAt(++e);
    }
    while (ch === SPACE) ch = s.charCodeAt(++e);
    if (ch === TAB) throw giveUp();
    if (ch === HASH && e > p + 1 && s.charCodeAt(e - 1) === SPACE) {
      do ch = s.charCodeAt(++e);
      while (ch === ch && !isEol(ch));
    }
    if (!isEol(ch)) throw giveUp(); // js-yaml: a line break is expected
    let out = '';
    let didReadContent = false;
    let atMoreIndented = false;
    let emptyLines = 0;
    while (ch === ch) {
      // at a line break
      e += ch === CR && s.charCodeAt(e + 1) === LF ? 2 : 1;
      this.lineStart = e;
      let lineIndent = 0;
      ch = e < s.length ? s.charCodeAt(e) : END; // the end, without reading past it (see skip)
      while ((!detectedIndent || lineIndent < textIndent) && ch === SPACE) {
        lineIndent++;
        ch = s.charCodeAt(++e);
      }
      if (!detectedIndent && lineIndent > textIndent) textIndent = lineIndent;
      if (isEol(ch)) {
        emptyLines++;
        continue;
      }
      if (lineIndent < textIndent || ch === END || ch !== ch) {
        if (chomping === 1) out += '\n'.repeat(didReadContent ? 1 + emptyLines : emptyLines);
        else if (chomping === 0 && didReadContent) out += '\n';
        break;
      }
      if (folding) {
        if (ch === SPACE || ch === TAB) {
          atMoreIndented = true;
          out += '\n'.repeat(didReadContent ? 1 + emptyLines : emptyLines);
        } else if (atMoreIndented) {
          atMoreIndented = false;
          out += '\n'.repeat(emptyLines + 1);
        } else if (emptyLines === 0) {
          if (didReadContent) out += ' ';
        } else out += '\n'.repeat(emptyLines);
      } else out += '\n'.repeat(didReadContent ? 1 + emptyLines : emptyLines);
      didReadContent = true;
      detectedIndent = true;
      emptyLines = 0;
      const from = e;
      while (ch === ch && !isEol(ch)) ch = s.charCodeAt(++e);
      out += s.slice(from, e);
    }
    // a tab in the indentation of the line that ends it
    if (ch === TAB) throw giveUp();
    this.next = e;
    return out;
  }

  /**
   * A flow collection at `p`: scalars, and collections of them, nested (`{a: [1, 'b']}`), over lines
   * and with comments between its nodes; a plain scalar on one line, a key and its colon on one line.
   * Fills `frame`'s children and sets its kind (its end is the caller's); sets `next` past the bracket.
   */
  private flow(frame: number, p: number): unknown {
    this.enter();
    const { s, table } = this;
    const mapping = s.charCodeAt(p) === 123;
    const close = mapping ? 125 : 93;
    const result: unknown[] | Record<string, unknown> = mapping ? {} : [];
    let sparse = false;
    let e = p + 1;
    for (;;) {
      e = this.skip(e);
      const c = s.charCodeAt(e);
      if (c === close) break;
      if (!mapping) {
        (result as unknown[]).push(this.flowNode(e, false));
      } else {
        const k = s.charCodeAt(e);
        if (k === 91 || k === 123) throw giveUp(); // a collection as a key
        const keyValue = this.flowNode(e, true);
        let colon = this.next;
        while (s.charCodeAt(colon) === SPACE) colon++;
        if (s.charCodeAt(colon) !== COLON) throw giveUp(); // a key alone
        const v = this.skip(colon + 1);
        const f = s.charCodeAt(v);
        if (f === 44 || f === 125) throw giveUp(); // an empty value
        const value = this.flowNode(v, false);
        const name = typeof keyValue === 'string' ? keyValue : String(keyValue);
        if (name === '__proto__' || name === '<<') throw giveUp();
        const map = result as Record<string, unknown>;
        if (!sparse && isIndex(keyValue)) {
          sparse = true;
          toSparseElements(map);
        }
        if (map[name] !== undefined && Object.prototype.hasOwnProperty.call(map, name)) this.duplicate = true;
        map[name] = value;
      }
      e = this.skip(this.next);
      const d = s.charCodeAt(e);
      if (d === 44) e++;
      else if (d !== close) throw giveUp();
    }
    this.next = e + 1;
    table.last[frame] = table.n - 1;
    table.kind[frame] = mapping ? mappingKind : sequenceKind;
    this.depth--;
    return result;
  }

  /** One node inside a flow collection, in a frame of its own; sets `next` to its end. */
  private flowNode(e: number, isKey: boolean): unknown {
    const { s, table } = this;
    const c = s.charCodeAt(e);
    if (giveUps.trace) giveUps.at = e;
    const frame = table.add(e);
    let value: unknown;
    if (c === 91 || c === 123) {
      value = this.flow(frame, e);
    } else if (c === 34 || c === 39) {
      const line = this.lineStart;
      value = c === 34 ? this.doubleQuoted(e) : this.singleQuoted(e);
      if (isKey && this.lineStart !== line) throw giveUp(); // js-yaml wants a key's colon on the line the key starts
      table.last[frame] = frame;
    } else {
      if (!this.plainStart(e, true)) throw giveUp();
      let end = e;
      let r = e;
      for (;;) {
        const ch = s.charCodeAt(r);
        if (ch === COLON) {
          const f = s.charCodeAt(r + 1);
          if (isWsOrEnd(f) || isFlowIndicator(f)) {
            if (!isKey) throw giveUp(); // a pair in a sequence, or a colon ending a value
            break;
          }
        } else if (ch === HASH && s.charCodeAt(r - 1) === SPACE) throw giveUp();
        else if (isEol(ch)) {
          // the scalar ends here only if the next text is a flow indicator or a comment (else it goes on)
          let q = r;
          let d = ch;
          while (d === SPACE || d === LF || d === CR) d = s.charCodeAt(++q);
          if (isKey || !(d === 44 || d === 93 || d === 125 || d === HASH)) throw giveUp();
          break;
        } else if (ch !== ch || ch === TAB) throw giveUp();
        else if (isFlowIndicator(ch)) break;
        if (ch !== SPACE) end = r + 1;
        r++;
      }
      const written = s.slice(e, end);
      value = typedFirst[written.charCodeAt(0)] === 1 ? this.resolve(written) : written;
      this.next = end;
      table.last[frame] = frame;
    }
    table.end[frame] = this.next;
    return value;
  }
}
