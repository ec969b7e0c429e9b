import type { Token } from 'markdown-it';
import { markdown, type CheckEnv } from './instance.js';
import { findLinksExactly } from './link-finder.js';
import { pieceStart, normalize } from './source-map.js';

import type { Construct, ConstructName } from './construct.js';

export type { Construct, ConstructName };

/** Token types of unsupported constructs: the opening token of each, by markdown-it's name. */
const unsupported: Record<string, ConstructName> = {
  table_open: 'table',
  image: 'image',
  link_open: 'link',
  html_block: 'raw HTML block',
  html_inline: 'raw HTML tag',
  blockquote_open: 'block quote',
  s_open: 'strikethrough',
};

/**
 * What each unsupported construct cannot do without, by CommonMark's and markdown-it's own rules: a
 * description with none of them is not parsed at all (most are plain sentences, and a document whose
 * descriptions all pass never loads markdown-it). Each test is a superset of what markdown-it accepts,
 * so a description it lets through may still hold nothing; `test/markdown-prefilter.test.ts` checks
 * that nothing it rejects holds a construct.
 *
 * - link, image: an inline one has `](` (no space may separate them), a reference one needs a
 *   definition, whose label ends in `]:`; a check is given no definitions from outside.
 * - autolink, raw HTML tag or block: `<` then a letter (a tag, a URI's scheme), `/`, `!` or `?`, or an
 *   e-mail address's local part and its `@`.
 * - block quote: `>` first on a line but for indentation, list markers and other quote markers.
 * - table: a `|` and a delimiter row (only `|`, `-`, `:`, spaces and tabs, after indentation; a table
 *   inside a block quote is a quote already).
 * - strikethrough: `~~` (markdown-it strikes through two tildes, never one).
 */
const linkLike = /\]\(|\]:/;
const angleLike = /<[A-Za-z/!?]|<[\w.!#$%&'*+/=?^`{|}~-]+@/;
const quoteStart = /^[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*>/m;
const delimiterRow = /^[ \t]*[-:|][-:| \t]*$/m;

/** Whether `text` may hold an unsupported construct at all (see above): most descriptions do not. */
export function mayHoldConstruct(text: string): boolean {
  if (text.includes('[') && linkLike.test(text)) return true;
  if (text.includes('<') && angleLike.test(text)) return true;
  if (text.includes('>') && quoteStart.test(text)) return true;
  if (text.includes('|') && delimiterRow.test(text)) return true;
  return text.includes('~~');
}

const none: readonly Construct[] = Object.freeze([]);

/**
 * Parsed descriptions kept across lints of one process, oldest dropped first past these bounds: an
 * editor re-lints the whole document on every keystroke, and all its descriptions but the edited one
 * are the same texts (the DocuSign document's 270 that need a parse were some 40% of each re-lint).
 * The keys are the documents' own strings; a CLI run keeps what one document's map kept before.
 */
const parsedTexts = new Map<string, readonly Construct[]>();
const maxTexts = 4096;
const maxChars = 4 * 1024 * 1024;
let keptChars = 0;

/** Drops the kept parses (a test compares a fresh lint with one that had them). */
export function forgetParsedTexts(): void {
  parsedTexts.clear();
  keptChars = 0;
}

/** The unsupported constructs in `text`, in order. Supported: headings, emphasis, code, rules, lists. */
export function findConstructs(text: string): readonly Construct[] {
  if (!mayHoldConstruct(text)) return none;
  const kept = parsedTexts.get(text);
  if (kept) return kept;
  // most descriptions with links hold nothing else the finder cannot follow: no CommonMark parse
  const found: readonly Construct[] = Object.freeze(findLinksExactly(text) ?? parseConstructs(text));
  parsedTexts.set(text, found);
  keptChars += text.length;
  for (const oldest of parsedTexts.keys()) {
    if (parsedTexts.size <= maxTexts && keptChars <= maxChars) break;
    parsedTexts.delete(oldest);
    keptChars -= oldest.length;
  }
  return found;
}

/** `findConstructs` without the prefilter: what the prefilter's test compares it with. */
export function parseConstructs(text: string): Construct[] {
  const { src, toText } = normalize(text);
  const env: CheckEnv = { at: new WeakMap() };
  const tokens = markdown().parse(src, env);
  const lines = lineSpans(src);
  const found: Construct[] = [];
  const add = (token: Token, start: number, end: number) => {
    let name = unsupported[token.type];
    if (!name) return;
    if (name === 'link' && token.markup === 'autolink') name = 'autolink';
    found.push({ name, start: toText(start), end: Math.max(toText(start) + 1, toText(end)) });
  };
  const cursor = new Map<number, number>(); // per line: where the previous table cell ended
  let row = 0; // the line of the table row being read: markdown-it gives cells no map
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const at = env.at.get(token);
    if (at) add(token, at[0], at[1]);
    if (token.type === 'tr_open' && token.map) row = token.map[0];
    if (token.type !== 'inline' || !token.children) continue;
    const cell = i > 0 && (tokens[i - 1]!.type === 'th_open' || tokens[i - 1]!.type === 'td_open');
    const first = token.map ? token.map[0] : cell ? row : undefined;
    if (first === undefined) continue;
    const place = inlinePlacer(src, lines, token.content, first, cell, cursor);
    for (const child of token.children) {
      const inner = env.at.get(child);
      if (inner) add(child, place(inner[0]), place(Math.max(inner[0], inner[1] - 1)) + 1);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

interface LineSpan {
  start: number;
  end: number;
}

function lineSpans(src: string): LineSpan[] {
  const spans: LineSpan[] = [];
  let start = 0;
  for (;;) {
    const nl = src.indexOf('\n', start);
    spans.push({ start, end: nl === -1 ? src.length : nl });
    if (nl === -1) return spans;
    start = nl + 1;
  }
}

/**
 * An inline token's content is its block's lines joined by LF, each stripped of what belongs to the
 * block (indentation, list and quote markers, a heading's `#`s, a table's pipes) and trimmed at both
 * ends: every line's piece is a substring of its source line, and for paragraphs the line's tail.
 * Returns the map from an offset in the content to one in `src`.
 */
function inlinePlacer(src: string, lines: LineSpan[], content: string, firstLine: number, cell: boolean, cursor: Map<number, number>): (offset: number) => number {
  const pieces = content.split('\n');
  const contentStarts: number[] = [];
  const srcStarts: number[] = [];
  let contentAt = 0;
  pieces.forEach((piece, k) => {
    const line = firstLine + k;
    const span = lines[line] ?? { start: src.length, end: src.length };
    const from = Math.max(span.start, cursor.get(line) ?? span.start);
    let x = -1;
    if (!cell) {
      let end = span.end;
      if (k === pieces.length - 1) while (end > span.start && /\s/.test(src[end - 1]!)) end--;
      const tail = end - piece.length;
      if (tail >= from && src.startsWith(piece, tail)) x = tail;
    }
    if (x === -1) x = pieceStart(src, from, span.end, piece, cell);
    if (cell) cursor.set(line, x + piece.length);
    contentStarts.push(contentAt);
    srcStarts.push(x);
    contentAt += piece.length + 1;
  });
  return (offset) => {
    let k = contentStarts.length - 1;
    while (k > 0 && contentStarts[k]! > offset) k--;
    return srcStarts[k]! + (offset - contentStarts[k]!);
  };
}
