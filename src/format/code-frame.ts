import type * as BabelCodeFrame from '@babel/code-frame';
import { lazyPackage } from '../lazy-package.js';
import { printableLine } from './printable.js';
import { lineStarts } from '../load/line-table.js';

/**
 * Code frames built from only the lines they show. Handing `codeFrameColumns` a whole document made
 * every finding split, sanitize and highlight all of it: on a 4 MB document with 300 findings that
 * was most of the run. Here a file's line starts are found once, each frame takes its three lines,
 * and each line is clipped to a window around the column, as compilers do: a minified document is one
 * line, and quoting it whole per finding made reports of many megabytes.
 */

/** The most columns of one source line a frame shows. */
export const frameWidth = 120;
/** When a line is clipped: how many columns before the finding's stay in view. */
const lead = 40;
const ellipsis = '\u2026';
/** On the first frame drawn: a clean run (an editor's save, a pre-commit hook) draws none. */
const babel = lazyPackage<typeof BabelCodeFrame>('@babel/code-frame');

/** One file's text with its line starts, found on first use and shared by all of its frames. */
export class FrameSource {
  private starts: number[] | undefined;
  constructor(readonly text: string) {}

  get lineCount(): number {
    return this.lineStarts().length;
  }

  /** The 0-based line `i` without its line break (nor the CR of a CRLF). */
  line(i: number): string {
    const starts = this.lineStarts();
    const start = starts[i]!;
    const next = starts[i + 1];
    const end = next === undefined ? this.text.length : next - 1;
    return this.text.charCodeAt(end - 1) === 13 && end > start ? this.text.slice(start, end - 1) : this.text.slice(start, end);
  }

  private lineStarts(): number[] {
    // the same line breaks as the positions: only LF ends a line
    return (this.starts ??= lineStarts(this.text));
  }
}

/** 1-based, as the formats print them. */
export interface FramePlace {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** What `codeFrameColumns` is given: a bounded slice of the document, whatever its size. */
export interface FrameInput {
  /** The shown lines, clipped and made printable, joined by LF. */
  text: string;
  /** The document's line number of the slice's first line. */
  startLine: number;
  /** Where the marker goes: the document's line, the column within the clipped line. */
  start: { line: number; column: number };
  end?: { line: number; column: number };
}

export function frameInput(source: FrameSource, place: FramePlace, linesAround = 1): FrameInput | undefined {
  const count = source.lineCount;
  const at = place.line - 1;
  if (at < 0 || at >= count) return undefined;
  const first = Math.max(0, at - linesAround);
  const last = Math.min(count - 1, at + linesAround);
  const target = source.line(at);
  const column = Math.max(1, place.column);
  // one window for every shown line, so that they stay aligned with each other
  let from = 0;
  if (target.length > frameWidth) from = Math.max(0, Math.min(column - 1 - lead, target.length - frameWidth));
  const to = from + frameWidth;
  const lines: string[] = [];
  for (let i = first; i <= last; i++) lines.push(printableLine(clip(i === at ? target : source.line(i), from, to)));
  // a column past the window (or the line) is shown at the window's end
  const shift = from > 0 ? from - 1 : 0;
  const startColumn = Math.min(column - shift, to - shift + 1);
  const input: FrameInput = { text: lines.join('\n'), startLine: first + 1, start: { line: place.line, column: startColumn } };
  if (place.endLine === place.line && place.endColumn > place.column) {
    const endColumn = Math.min(place.endColumn - shift, to - shift + 1);
    if (endColumn > startColumn) input.end = { line: place.line, column: endColumn };
  }
  return input;
}

/** `line[from, to)`, with an ellipsis where text was cut off; a pair of surrogates is never split. */
function clip(line: string, from: number, to: number): string {
  if (from === 0 && line.length <= to) return line;
  let a = from;
  let b = Math.min(to, line.length);
  if (a > 0 && a < line.length && isLow(line.charCodeAt(a))) a++;
  if (b < line.length && isLow(line.charCodeAt(b))) b--;
  const head = from > 0 ? ellipsis : '';
  const tail = to < line.length ? ellipsis : '';
  return head + (a < b ? line.slice(a, b) : '') + tail;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The frame under a finding, indented two spaces; none when the place is not in the text. */
export function codeFrame(source: FrameSource, place: FramePlace, color: boolean): string | undefined {
  const input = frameInput(source, place);
  if (!input) return undefined;
  // without colour the package only lays out three lines: loading it (it loads a tokenizer for the
  // highlighting) was some 20-40 ms of a cold run that prints frames, a piped report's usual case
  if (!color) return plainFrame(input);
  // `startLine` numbers the slice's lines as the document's (the package's types predate it)
  const options: BabelCodeFrame.BabelCodeFrameOptions & { startLine: number } = { highlightCode: color, forceColor: color, linesAbove: 1, linesBelow: 1, startLine: input.startLine };
  try {
    const frame = babel().codeFrameColumns(input.text, { start: input.start, ...(input.end ? { end: input.end } : {}) }, options);
    return frame.split('\n').map((l) => '  ' + l).join('\n');
  } catch {
    return undefined;
  }
}

/**
 * What `codeFrameColumns` lays out for `input` without colour (linesAbove and linesBelow 1), each line
 * indented two spaces as `codeFrame` indents it; test/code-frame.test.ts holds the two equal on random
 * inputs. The input's lines hold no line break of the package's (`printableLine` pictured them), and its
 * end, if any, is on the start's line past the start.
 */
export function plainFrame(input: FrameInput): string {
  const lines = input.text.split('\n');
  const base = input.startLine - 1;
  const at = input.start.line - base;
  const startColumn = input.start.column;
  const endColumn = input.end ? input.end.column : startColumn;
  // [column, width] of the carets on the start's line, or none (column 0: the line marked, no carets)
  const marker: [number, number] | undefined = startColumn === endColumn ? (startColumn ? [startColumn, 0] : undefined) : [startColumn, endColumn - startColumn];
  const first = Math.max(at - 2, 0);
  const last = Math.min(lines.length, at + 1);
  const width = String(last + base).length;
  const out: string[] = [];
  for (let number = first + 1; number <= last; number++) {
    const line = lines[number - 1]!;
    const gutter = ` ${` ${number + base}`.slice(-width)} |`;
    const text = line.length > 0 ? ` ${line}` : '';
    if (number !== at) {
      out.push(`   ${gutter}${text}`);
      continue;
    }
    out.push(`  >${gutter}${text}`);
    if (marker) {
      const spacing = line.slice(0, Math.max(marker[0] - 1, 0)).replace(/[^\t]/g, ' ');
      out.push(`   ${gutter.replace(/\d/g, ' ')} ${spacing}${'^'.repeat(marker[1] || 1)}`);
    }
  }
  return out.join('\n');
}
