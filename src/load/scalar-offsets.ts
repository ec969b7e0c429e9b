import { lineOf } from './line-table.js';
import { locate } from './positions.js';
import type { Source } from './source.js';

/**
 * Where each character of a string value came from in its file: `offsets.at(i)` is the file offset
 * of the value's i-th UTF-16 unit. A description's Markdown is checked on the decoded string, and a
 * finding inside it must point into the file, through block-scalar indentation, line folding,
 * quote doubling and escapes. The raw scalar is scanned again the way the parser read it (js-yaml's
 * scalar readers, JSON's escapes), and the result is trusted only when it reproduces the parsed value
 * exactly; otherwise `undefined`, and the caller points at the whole value.
 *
 * Computed only for a description that has a finding, so a clean document never pays for it.
 */
export function scalarOffsets(source: Source, pointer: readonly string[], value: string): ScalarOffsets | undefined {
  const { node, depth } = locate(source.positions, pointer);
  if (depth !== pointer.length) return undefined; // e.g. a value that came in through a YAML merge key
  const decoded = source.format === 'json' ? decodeJsonString(source.text, node.start) : decodeYamlScalar(source.text, node.start, node.end, value);
  return decoded && decoded.value === value ? decoded.offsets : undefined;
}

/** The file offset of each UTF-16 unit of a decoded value. */
export interface ScalarOffsets {
  /** The decoded value's length. */
  readonly length: number;
  /** The file offset of unit `index` (0 <= index < length). */
  at(index: number): number;
}

interface Decoded {
  value: string;
  offsets: ScalarOffsets;
}

/**
 * Accumulates the decoded value and where its units came from, as runs: a description is mostly
 * stretches of the file copied as they are, and a finding asks for a few of its offsets. An array
 * with one entry per unit, filled a unit at a time, was most of the cost of placing the Markdown
 * findings of a large document (some 25 ms on a 2.8 MB one, in a cold run).
 */
class Builder {
  value = '';
  /** Where each run starts in the value: ascending. */
  private readonly runStart: number[] = [];
  /** A copied run's first file offset, or the single offset all units of an added run share. */
  private readonly runFrom: number[] = [];
  private readonly runCopied: boolean[] = [];
  constructor(private readonly text: string) {}

  /** The file's characters `[from, to)`, unchanged. */
  take(from: number, to: number): void {
    if (to <= from) return;
    this.run(from, true);
    this.value += this.text.slice(from, to);
  }

  /** Characters the file spells differently (an escape, a folded line break), all placed at `at`. */
  add(chars: string, at: number): void {
    if (chars.length === 0) return;
    this.run(at, false);
    this.value += chars;
  }

  private run(from: number, copied: boolean): void {
    this.runStart.push(this.value.length);
    this.runFrom.push(from);
    this.runCopied.push(copied);
  }

  done(): Decoded {
    const { value, runStart, runFrom, runCopied } = this;
    return decoded(value, (index) => {
      // the last run starting at or before `index`: the search that finds a line among line starts
      const r = lineOf(runStart, index);
      return runCopied[r] ? runFrom[r]! + (index - runStart[r]!) : runFrom[r]!;
    });
  }
}

const isEol = (c: number) => c === 10 || c === 13;
const isWhite = (c: number) => c === 32 || c === 9;

export function decodeJsonString(text: string, start: number): Decoded | undefined {
  if (text.charCodeAt(start) !== 34) return undefined;
  // The closing quote first, then backslashes only between the quotes: a search of the whole text
  // for the next backslash ran on, past a string without one, as far as the next string that has
  // one (megabytes, for each of a large document's findings).
  const close = closingQuote(text, start);
  if (close === -1) return undefined;
  const raw = text.slice(start + 1, close);
  if (!raw.includes('\\')) return unescaped(raw, start + 1);
  const out = new Builder(text);
  let p = start + 1;
  let run = p;
  // jumps from escape to escape (a long description is mostly text between `\n`s): the next
  // backslash and the next quote are each searched again only once passed, so the scan stays linear
  let backslash = nextBackslash(raw, start + 1, p);
  let quote = text.indexOf('"', p);
  for (;;) {
    if (quote === -1) return undefined;
    if (backslash !== -1 && backslash < p) backslash = nextBackslash(raw, start + 1, p);
    if (quote < p) quote = text.indexOf('"', p);
    if (quote === -1) return undefined;
    if (backslash === -1 || quote < backslash) {
      out.take(run, quote);
      return out.done();
    }
    p = backslash;
    out.take(run, p);
    const e = text[p + 1];
    if (e === 'u') {
      const hex = text.slice(p + 2, p + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
      out.add(String.fromCharCode(parseInt(hex, 16)), p);
      p += 6;
    } else {
      const simple = jsonEscapes[e ?? ''];
      if (simple === undefined) return undefined;
      out.add(simple, p);
      p += 2;
    }
    run = p;
  }
}

/** The quote that closes the JSON string opening at `start`: the first not escaped by an odd run of backslashes; -1 if none. */
export function closingQuote(text: string, start: number): number {
  for (let q = text.indexOf('"', start + 1); q !== -1; q = text.indexOf('"', q + 1)) {
    let k = q - 1;
    while (text.charCodeAt(k) === 92) k--;
    if ((q - k) % 2 === 1) return q;
  }
  return -1;
}

/** The offset of the next backslash at or after `p` inside the string (`raw`, its text, starts at `from`), or -1. */
function nextBackslash(raw: string, from: number, p: number): number {
  const i = raw.indexOf('\\', p - from);
  return i === -1 ? -1 : from + i;
}

/**
 * A string without escapes (most descriptions): its value is its text, unit `i` at `from + i`. No
 * runs to record and no copy made, only the slice the value is compared with.
 */
function unescaped(value: string, from: number): Decoded {
  return decoded(value, (index) => from + index);
}

/** A decoded value and where each of its units is in the text, `offsetOf` asked only inside the value. */
function decoded(value: string, offsetOf: (index: number) => number): Decoded {
  const length = value.length;
  return {
    value,
    offsets: {
      length,
      at(index: number): number {
        if (!(index >= 0 && index < length)) throw new RangeError(`offset ${index} of a value of length ${length}`);
        return offsetOf(index);
      },
    },
  };
}

const jsonEscapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * A YAML scalar read as js-yaml reads it (lib/loader.js: readPlainScalar, readSingleQuotedScalar,
 * readDoubleQuotedScalar, readBlockScalar), recording offsets. `end` bounds a plain scalar, whose
 * own end js-yaml found (before a comment, a `: `, or a less indented line).
 */
export function decodeYamlScalar(text: string, start: number, end: number, expected?: string): Decoded | undefined {
  const p = skipProperties(text, start, end);
  const c = text.charCodeAt(p);
  if (c === 34) return doubleQuoted(text, p);
  if (c === 39) return singleQuoted(text, p);
  if (c === 124 || c === 62) {
    // The content's indentation counts from the parent node's (for an indentation indicator, and for
    // a scalar with no content lines), which the position index does not keep: the usual one first,
    // then each, keeping the reading that gives the parsed value.
    const lineStart = text.lastIndexOf('\n', p - 1) + 1;
    let usual = 0;
    while (text.charCodeAt(lineStart + usual) === 32) usual++;
    const first = blockScalar(text, p, usual + 1);
    if (first === undefined || expected === undefined || first.value === expected) return first;
    for (let nodeIndent = 0; nodeIndent <= 64; nodeIndent++) {
      const d = blockScalar(text, p, nodeIndent);
      if (d && d.value === expected) return d;
    }
    return first;
  }
  if (c === 42 /* * an alias */) return undefined;
  return plain(text, p, end);
}

/** Past a tag (`!!str`) and an anchor (`&a`) in front of the scalar. */
function skipProperties(text: string, start: number, end: number): number {
  let p = start;
  while (p < end && (text[p] === '!' || text[p] === '&')) {
    while (p < end && !isWhite(text.charCodeAt(p)) && !isEol(text.charCodeAt(p))) p++;
    while (p < end && (isWhite(text.charCodeAt(p)) || isEol(text.charCodeAt(p)))) p++;
  }
  return p;
}

interface Separation {
  /** Where the next line's content starts. */
  p: number;
  /** Offsets of the line breaks crossed. */
  breaks: number[];
}

/** js-yaml's skipSeparationSpace without comments: spaces, line breaks and the next lines' indentation. */
function skipSeparation(text: string, from: number): Separation {
  let p = from;
  const breaks: number[] = [];
  for (;;) {
    while (isWhite(text.charCodeAt(p))) p++;
    const c = text.charCodeAt(p);
    if (!isEol(c)) break;
    breaks.push(p);
    p += c === 13 && text.charCodeAt(p + 1) === 10 ? 2 : 1;
    while (text.charCodeAt(p) === 32) p++;
  }
  return { p, breaks };
}

/** One line break between lines folds to a space; n + 1 keep n newlines. */
function writeFolded(out: Builder, breaks: number[]): void {
  if (breaks.length === 1) out.add(' ', breaks[0]!);
  else for (let i = 1; i < breaks.length; i++) out.add('\n', breaks[i]!);
}

/**
 * Where the line holding `p` ends: its LF or CR, or the end of the text. Found by the string's own
 * searches: a loop per character runs in the interpreter in a cold run, and description lines are long.
 */
function lineEnd(text: string, p: number): number {
  const lf = text.indexOf('\n', p);
  const end = lf === -1 ? text.length : lf;
  const cr = text.slice(p, end).indexOf('\r');
  return cr === -1 ? end : p + cr;
}

/** Whether a line break (LF or CR) is in `[start, end)`: looked for there only, as a one-line document is one long line. */
function breaksLine(text: string, start: number, end: number): boolean {
  const span = text.slice(start, end);
  return span.includes('\n') || span.includes('\r');
}

function plain(text: string, start: number, end: number): Decoded {
  const out = new Builder(text);
  if (!breaksLine(text, start, end)) {
    // one line, the common case: the value is the text up to its last non-blank
    let e = end;
    while (e > start && isWhite(text.charCodeAt(e - 1))) e--;
    out.take(start, e);
    return out.done();
  }
  let captureStart = start;
  let captureEnd = start;
  let pending: number[] | undefined;
  let p = start;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (isEol(c)) {
      const s = skipSeparation(text, p);
      if (s.p >= end) break;
      pending = s.breaks;
      p = s.p;
      continue;
    }
    if (pending) {
      out.take(captureStart, captureEnd);
      writeFolded(out, pending);
      captureStart = captureEnd = p;
      pending = undefined;
    }
    if (!isWhite(c)) captureEnd = p + 1;
    p++;
  }
  out.take(captureStart, captureEnd);
  return out.done();
}

function singleQuoted(text: string, start: number): Decoded | undefined {
  const out = new Builder(text);
  let p = start + 1;
  let captureStart = p;
  let captureEnd = p;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (c === 39) {
      out.take(captureStart, p);
      p++;
      if (text.charCodeAt(p) !== 39) return out.done();
      captureStart = p; // the second quote of '' is the character kept
      p++;
      captureEnd = p;
    } else if (isEol(c)) {
      out.take(captureStart, captureEnd);
      const s = skipSeparation(text, p);
      writeFolded(out, s.breaks);
      captureStart = captureEnd = p = s.p;
    } else {
      p++;
      captureEnd = p;
    }
  }
  return undefined;
}

const yamlEscapes: Record<string, string> = {
  '0': '\x00', a: '\x07', b: '\x08', t: '\x09', '\t': '\x09', n: '\x0A', v: '\x0B', f: '\x0C', r: '\x0D', e: '\x1B',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xA0', L: '\u2028', P: '\u2029',
};
const hexLength: Record<string, number> = { x: 2, u: 4, U: 8 };

function doubleQuoted(text: string, start: number): Decoded | undefined {
  const out = new Builder(text);
  let p = start + 1;
  let captureStart = p;
  let captureEnd = p;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (c === 34) {
      out.take(captureStart, p);
      return out.done();
    }
    if (c === 92) {
      out.take(captureStart, p);
      const e = text[p + 1] ?? '';
      if (isEol(e.charCodeAt(0))) {
        p = skipSeparation(text, p + 1).p; // an escaped line break joins the lines, without a space
      } else if (yamlEscapes[e] !== undefined) {
        out.add(yamlEscapes[e]!, p);
        p += 2;
      } else if (hexLength[e] !== undefined) {
        const n = hexLength[e]!;
        const hex = text.slice(p + 2, p + 2 + n);
        if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) return undefined;
        out.add(String.fromCodePoint(code), p);
        p += 2 + n;
      } else return undefined;
      captureStart = captureEnd = p;
    } else if (isEol(c)) {
      out.take(captureStart, captureEnd);
      const s = skipSeparation(text, p);
      writeFolded(out, s.breaks);
      captureStart = captureEnd = p = s.p;
    } else {
      p++;
      captureEnd = p;
    }
  }
  return undefined;
}

function blockScalar(text: string, start: number, nodeIndent: number): Decoded | undefined {
  const out = new Builder(text);
  const folding = text[start] === '>';
  let chomping: 'clip' | 'keep' | 'strip' = 'clip';
  let detectedIndent = false;
  let textIndent = nodeIndent;
  let p = start + 1;
  for (;;) {
    const ch = text[p];
    if ((ch === '+' || ch === '-') && chomping === 'clip') chomping = ch === '+' ? 'keep' : 'strip';
    else if (ch !== undefined && ch >= '1' && ch <= '9' && !detectedIndent) {
      textIndent = nodeIndent + Number(ch) - 1;
      detectedIndent = true;
    } else break;
    p++;
  }
  while (isWhite(text.charCodeAt(p))) p++;
  if (text[p] === '#') while (p < text.length && !isEol(text.charCodeAt(p))) p++;

  let didReadContent = false;
  let atMoreIndented = false;
  // line breaks since the last content line: where each newline the value gains comes from
  let breaks: number[] = [];
  const newlines = (n: number) => {
    for (let i = 0; i < n; i++) out.add('\n', breaks[Math.min(i, breaks.length - 1)] ?? p);
  };
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (!isEol(c)) return undefined;
    breaks.push(p);
    p += c === 13 && text.charCodeAt(p + 1) === 10 ? 2 : 1;
    let lineIndent = 0;
    while ((!detectedIndent || lineIndent < textIndent) && text.charCodeAt(p) === 32) {
      lineIndent++;
      p++;
    }
    if (!detectedIndent && lineIndent > textIndent) textIndent = lineIndent;
    const ch = text.charCodeAt(p);
    if (isEol(ch)) continue;
    const emptyLines = breaks.length - 1;
    if (lineIndent < textIndent || p >= text.length) {
      if (chomping === 'keep') newlines(didReadContent ? 1 + emptyLines : emptyLines);
      else if (chomping === 'clip' && didReadContent) newlines(1);
      return out.done();
    }
    if (folding) {
      if (isWhite(ch)) {
        atMoreIndented = true;
        newlines(didReadContent ? 1 + emptyLines : emptyLines);
      } else if (atMoreIndented) {
        atMoreIndented = false;
        newlines(emptyLines + 1);
      } else if (emptyLines === 0) {
        if (didReadContent) out.add(' ', breaks[0]!);
      } else {
        breaks = breaks.slice(1); // the first break folds away; the empty lines' breaks remain
        newlines(emptyLines);
      }
    } else newlines(didReadContent ? 1 + emptyLines : emptyLines);
    didReadContent = true;
    detectedIndent = true;
    breaks = [];
    const from = p;
    p = lineEnd(text, p);
    out.take(from, p);
  }
  // the text ends on a content line: js-yaml reads as if it ended with a line break
  if (chomping === 'keep') newlines(didReadContent ? breaks.length + 1 : breaks.length);
  else if (chomping === 'clip' && didReadContent) newlines(1);
  return out.done();
}
