import type { Construct, ConstructName } from './construct.js';
import { autolinkEmail, autolinkUrl, htmlBlockKind, openCloseTagAt } from './html-syntax.js';
import { normalize, pieceStart } from './source-map.js';
import { leadingSpaces, maxAutocompletedCells, rowCells, tableColumns } from './table-rows.js';

/**
 * The constructs of a description whose Markdown stays inside a subset, found without markdown-it:
 * paragraphs, ATX headings, bullet and ordered list items (tracked by their text's column, with fenced
 * and indented code and nested items in them), fenced and indented code, reference definitions on one
 * line, code spans, escapes, emphasis, inline and reference links and images, autolinks and raw HTML
 * tags, and outside lists GFM tables (whose cells are inline text) and HTML blocks. Anything outside the
 * subset (block quotes, strikethrough, setext headings, thematic breaks, tabs but in code, HTML blocks,
 * table rows, definitions and after a list marker, a definition it cannot read on one line, HTML
 * comments inside a paragraph, a table or an HTML block in a list item, a line that may be an item or
 * a paragraph's text as the list around it decides) returns undefined, and the caller parses with
 * markdown-it. On the DocuSign document the parse of such descriptions was a fifth of a cold run.
 *
 * Within the subset the answer must be markdown-it's to the offset: the inline part is a port of
 * markdown-it 14's link, image, code span, autolink and raw HTML rules (`rules_inline/link.mjs`,
 * `image.mjs`, `backticks.mjs`, `autolink.mjs`, `html_inline.mjs`, `helpers/parse_link_*.mjs`,
 * `ParserInline.skipToken`), with their caches, which decide some texts; every other inline rule only
 * moves past characters that cannot open a construct. Tables and HTML blocks are ported in
 * table-rows.ts and html-syntax.ts. Offsets are found in the text as markdown-it reads it (CR LF as
 * LF) and mapped back as `parseConstructs` maps them.
 * `test/markdown-link-finder.test.ts` compares it with the parse on generated texts and on every
 * description of the corpus. The ported rules are markdown-it's: Copyright (c) 2014 Vitaly Puzrin, Alex
 * Kocharin, under the MIT license (node_modules/markdown-it/LICENSE).
 */
export function findLinksExactly(text: string): Construct[] | undefined {
  if (banned.test(text)) return undefined;
  const { src, toText } = normalize(text);
  const blocks = splitBlocks(src);
  if (!blocks) return undefined;
  // block constructs first: a table is before a link in its first cell at the same offset
  const found: Construct[] = blocks.constructs;
  for (const block of blocks.inline) {
    const state = new InlineState(block.content, blocks.references);
    if (!tokenize(state, found, block)) return undefined;
  }
  for (const c of found) {
    const start = toText(c.start);
    c.end = Math.max(start + 1, toText(c.end));
    c.start = start;
  }
  return found.sort((a, b) => a.start - b.start);
}

/** What the port leaves out anywhere: the one letter markdown-it's label normalisation special-cases. */
const banned = /\u1E9E/;
/** Outside fenced code, indented code and HTML blocks: tabs (columns), strikethrough. */
const lineBanned = /\t|~~/;
/**
 * In a table's lines: strikethrough, tabs in the indentation. A tab further on only separates words,
 * in a delimiter row and in a cell's inline text alike (markdown-it's space tests take both).
 */
const tableLineBanned = /~~|^ *\t/;
/** A list item that ends a table: its marker and a space, a tab or the line's end. */
const listLine = /^ *(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
/** A blank line to markdown-it: spaces and tabs only (other white space is text). */
const blankLine = /^[ \t]*$/;
const hrLine = /^ {0,3}([-*_])[ \t]*\1[ \t]*\1(?:[ \t]*\1)*[ \t]*$/;
const fenceLine = /^ {0,3}(?:`{3,}(?!.*`)|~{3,})/;
const headingLine = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/** Lines that make a block the subset leaves out: block quotes, table delimiter rows, setext underlines, thematic breaks, strikethrough. */
const quoteStart = /^ *(?:(?:[-+*]|\d{1,9}[.)]) +)*>/;
const delimiterRow = /^ *[-:|][-:| ]*$/;
const setext = /^ *=+ *$/;
// at any indentation: in a list item, one indented four or more may still be a break
const thematic = /^ *([*_])(?: *\1){2,} *$/;
const fenceOpen = /^(`{3,}|~{3,})(.*)$/;
const indentedFence = /^ +(?:`{3,}|~{3,})/;
const listMarker = /^( *)([-+*]|(\d{1,9})[.)])( +|$)/;
/** A list item's line: the white space after its marker may hold tabs (its text's column counts them). */
const itemStart = /^( *)([-+*]|(\d{1,9})[.)])([ \t]+|$)/;
const heading = /^( {0,3})(#{1,6})(?: +|$)/;
// white space around the destination may hold tabs: markdown-it skips spaces and tabs alike there
const definition = /^( {0,3})\[([^[\]]+)\]:([ \t]*)(\S+)[ \t]*$/;
const unsafeScheme = /^(?:javascript|vbscript|file|data):/i;

/** One piece of inline content: its text and, per line, where that line's text starts in the description. */
interface InlineBlock {
  content: string;
  /** Offsets into `content` where each line starts, and the description's offset of the same character. */
  contentStarts: number[];
  textStarts: number[];
}

interface Blocks {
  inline: InlineBlock[];
  references: Map<string, true> | undefined;
  /** Tables and HTML blocks, with offsets into `text`, in order. */
  constructs: Construct[];
}

/** Columns of leading white space as markdown-it counts them (a tab to the next multiple of four). */
function columnsOf(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x20) n++;
    else if (c === 0x09) n += 4 - (n % 4);
    else break;
  }
  return n;
}

/**
 * Whether a line ends a table's body as markdown-it's block quote terminators do (a fence, a list
 * item, an HTML block that may interrupt a paragraph, a heading); undefined for a block quote or a
 * thematic break, which the finder leaves out.
 */
function endsTable(row: string): boolean | undefined {
  if (leadingSpaces(row) >= 4) return false;
  if (/^ *>/.test(row)) return undefined;
  if (hrLine.test(row)) return undefined;
  if (fenceLine.test(row) || listLine.test(row) || headingLine.test(row)) return true;
  const lt = row.indexOf('<');
  return lt !== -1 && lt === leadingSpaces(row) && htmlBlockKind(row.slice(lt))?.interruptsParagraph === true;
}

/** The paragraphs, headings, table cells and block constructs of `text`, or undefined outside the subset. */
function splitBlocks(text: string): Blocks | undefined {
  const lines: Line[] = [];
  for (let start = 0; ; ) {
    const nl = text.indexOf('\n', start);
    lines.push({ start, text: text.slice(start, nl === -1 ? text.length : nl) });
    if (nl === -1) break;
    start = nl + 1;
  }
  const inline: InlineBlock[] = [];
  const constructs: Construct[] = [];
  let references: Map<string, true> | undefined;
  // The columns where the text of each open list item starts, innermost last; undefined once the
  // finder cannot tell (a line that may be an item or a paragraph's text). A table or an HTML block in
  // an item ends where the item does, which the finder does not follow: it reads them at the margin.
  let items: number[] | undefined = [];
  const listOpen = (): boolean => items === undefined || items.length > 0;
  const textColumn = (): number => (items?.length ? items[items.length - 1]! : 0);
  /** A block at `column` ends the items whose text starts right of it; at the margin, every list. */
  const endItems = (column: number): void => {
    if (items === undefined) {
      if (column === 0) items = [];
      return;
    }
    while (items.length && items[items.length - 1]! > column) items.pop();
  };
  let open: InlineBlock | undefined; // the paragraph the next line may continue
  let openRaw = ''; // its text so far
  // where the text of the list item whose first paragraph is `open` starts (undefined for any other)
  let openItem: number | undefined;
  const begin = (line: Line, from: number): void => {
    open = { content: line.text.slice(from), contentStarts: [0], textStarts: [line.start + from] };
    openRaw = open.content;
    openItem = undefined;
    inline.push(open);
  };
  const close = (): void => {
    open = undefined;
  };
  /** A table row's cells, placed as `parseConstructs` places them; false past markdown-it's limit. */
  let missing = 0;
  const row = (line: Line, columns: number, header: boolean): boolean => {
    const cells = rowCells(line.text.trim(), columns, header);
    missing += cells.missing;
    if (missing > maxAutocompletedCells) return false;
    const lineEnd = line.start + line.text.length;
    let from = line.start;
    for (const cell of cells.cells) {
      const x = pieceStart(text, from, lineEnd, cell, true);
      from = x + cell.length;
      if (cell.includes('[') || cell.includes('<')) inline.push({ content: cell, contentStarts: [0], textStarts: [x] });
    }
    return true;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.text;
    const indent = t.length - t.trimStart().length;
    if (indent === t.length) {
      if (!blankLine.test(t)) return undefined;
      close();
      continue;
    }
    if (leadingSpaces(t) !== indent) items = undefined; // a tab or other white space: columns unknown
    // a line no paragraph continues ends the items whose text is right of it (their list goes on if
    // the line is its next item)
    const listBefore = listOpen();
    if (!open) endItems(indent);
    // a table first, as markdown-it tries it first: it may interrupt a paragraph
    const columns = tableColumns(t, lines[i + 1]?.text);
    if (columns) {
      // (the next item of a list is one before any table: markdown-it's list rule takes it first)
      if (listOpen() || (listBefore && itemStart.test(t)) || tableLineBanned.test(t) || tableLineBanned.test(lines[i + 1]!.text)) return undefined;
      close();
      constructs.push({ name: 'table', start: line.start + leadingSpaces(t), end: line.start + t.length });
      missing = 0;
      if (!row(line, columns, true)) return undefined;
      let j = i + 2;
      for (; j < lines.length; j++) {
        const r = lines[j]!.text;
        const ends = endsTable(r);
        if (ends === undefined) return undefined;
        if (ends || r.trim() === '' || leadingSpaces(r) >= 4) break;
        if (tableLineBanned.test(r)) return undefined;
        if (!row(lines[j]!, columns, false)) return undefined;
      }
      i = j - 1;
      continue;
    }
    if (!open && items !== undefined && columnsOf(t) - textColumn() >= 4) {
      // indented code, at the margin or in an item: to the last line indented as much, over blank lines
      const column = textColumn();
      let last = i + 1;
      for (let j = i + 1; j < lines.length; j++) {
        const u = lines[j]!.text;
        if (blankLine.test(u)) continue;
        if (columnsOf(u) - column < 4) break;
        last = j + 1;
      }
      i = last - 1;
      continue;
    }
    const fence = indent === leadingSpaces(t) ? fenceOpen.exec(t.slice(indent)) : null;
    // (indented as code from the text of a paragraph's item, it is the paragraph's text)
    if (fence && (items === undefined ? indent === 0 : indent - textColumn() <= 3)) {
      // a fence interrupts a paragraph and ends the items right of it (at the margin, every list);
      // its code runs to a closing fence of the same character, at least as long and indented less
      // than code, to a line left of the item holding it, or to the end
      endItems(indent);
      const column = textColumn();
      if (indent - column >= 4) return undefined;
      const marker = fence[1]!;
      if (marker[0] === '`' && fence[2]!.includes('`')) return undefined;
      i = fenceEnd(lines, i, marker, column) - 1;
      close();
      continue;
    }
    // a tab in a definition's white space is a space (the definition's reading below)
    // and so is one after a list item's marker (the item's text column counts it)
    const im = itemStart.exec(t);
    const outside = im ? `${im[1]}${im[2]} ${t.slice(im[0].length)}` : t;
    const tabbed = lineBanned.test(outside) && (open !== undefined || t.includes('~~') || !definition.test(t));
    if (tabbed || quoteStart.test(outside) || delimiterRow.test(outside) || setext.test(t) || thematic.test(outside)) return undefined;
    if (indentedFence.test(t)) return undefined; // where it ends depends on the list around it
    const h = heading.exec(t);
    if (h) {
      // a heading interrupts a paragraph; with a closing sequence its text is not the line's tail
      if (/#\s*$/.test(t)) return undefined;
      inline.push({ content: t.slice(h[0].length), contentStarts: [0], textStarts: [line.start + h[0].length] });
      close();
      endItems(indent);
      continue;
    }
    const kind = t.charCodeAt(indent) === LT && leadingSpaces(t) === indent ? htmlBlockKind(t.slice(indent)) : undefined;
    // an HTML block's line is indented less than code from the text of the item around it, if any
    // (more, it is code or a paragraph's text; around an item of unknown column, the finder cannot tell)
    if (kind && (kind.interruptsParagraph || !open) && indent > 3 && items === undefined) return undefined;
    if (kind && (kind.interruptsParagraph || !open) && indent - (items === undefined ? 0 : textColumn()) <= 3) {
      endItems(indent);
      if (listOpen()) return undefined;
      close();
      constructs.push({ name: 'raw HTML block', start: line.start + indent, end: line.start + t.length });
      // its lines hold no construct: to a blank line, or to the line that closes it
      let j = i + 1;
      if (kind.endsOnBlankLine) {
        while (j < lines.length && !blankLine.test(lines[j]!.text)) j++;
        i = j - 1;
      } else if (!kind.end.test(t)) {
        while (j < lines.length && !kind.end.test(lines[j]!.text)) j++;
        i = j;
      }
      continue;
    }
    if (indent >= 4 && /^ *#/.test(t)) return undefined; // a heading in a list, text outside one
    const m = im;
    if (m) {
      const content = t.slice(m[0].length);
      // the column of the item's text: a tab after the marker runs to the next multiple of four
      let column = m[1]!.length + m[2]!.length;
      const markerEnd = column;
      for (const ch of m[4]!) column += ch === '\t' ? 4 - (column % 4) : 1;
      // an empty item, code in the item, an item that opens with a heading, a fence, a thematic break
      // (which leaves no paragraph for the next line to continue) or another item
      if (content === '' || column - markerEnd >= 5 || /^(?:`{3,}|~{3,}|#|<[A-Za-z/!?])/.test(content) || hrLine.test(content) || listMarker.test(content)) return undefined;
      if (content.startsWith('[') && paragraphHolds(lines, i, ']:')) return undefined; // a definition in the item
      let certain = true; // whether the line starts an item, not only a piece of inline text
      if (open) {
        // after a paragraph line: a bullet or the number 1, with text and indented less than code,
        // starts an item wherever it stands, and so does any marker left of the text of the item
        // whose paragraph it follows (`2.` after `1. text`: markdown-it ends the item's paragraph
        // there, whatever the number); anything else starts one or continues the paragraph as the
        // list around it decides, which matters only if what came before could reach past it
        // (a bullet or `1.` indented less than code from the item's text starts an item in it)
        const d = m[1]!.length;
        const first = m[3] === undefined || Number(m[3]) === 1;
        // (and left of it, any marker indented less than code from the list's own column)
        const listColumn = items !== undefined && items.length >= 2 ? items[items.length - 2]! : 0;
        certain = (d <= 3 && (first || (openItem !== undefined && d < openItem))) || (openItem !== undefined && first && d >= openItem && d - openItem <= 3) ||
          (openItem !== undefined && items !== undefined && d < openItem && d - listColumn < 4);
        if (!certain && /[[`]/.test(openRaw)) return undefined;
      } else if (indent - (items === undefined ? 0 : textColumn()) >= 4) return undefined;
      begin(line, m[0].length);
      if (certain) {
        openItem = column;
        endItems(indent);
        // (indented as code from the item left holding it, the line is code there)
        if (indent - textColumn() >= 4) return undefined;
        items?.push(openItem);
      } else items = undefined; // an item, or text of the paragraph before: the list around it decides

      continue;
    }
    if (open) {
      // a paragraph's next line
      open.contentStarts.push(open.content.length + 1);
      open.content += '\n' + t.slice(indent);
      open.textStarts.push(line.start + indent);
      openRaw += '\n' + t;
      continue;
    }
    // a line that starts a block
    if (items === undefined && indent >= 4) return undefined; // indented code, or an item's paragraph: the list decides
    if (t.charCodeAt(indent) === OPEN) {
      const d = definition.exec(t);
      if (d) {
        const dest = d[4]!;
        if (t.includes('\\') || dest.startsWith('<') || unsafeScheme.test(dest) || !balanced(dest) || d[2]!.length > 999) return undefined;
        if (/^[ \t]*["'(]/.test(lines[i + 1]?.text ?? '')) return undefined; // a title on the next line
        const label = normalizeReference(d[2]!);
        if (!label) return undefined;
        references ??= new Map();
        references.set(label, true);
        continue;
      }
      // a definition over several lines, or one this reading leaves out
      if (paragraphHolds(lines, i, ']:')) return undefined;
    }
    begin(line, indent);
  }
  return { inline, references, constructs };
}

interface Line {
  start: number;
  text: string;
}

/**
 * The line after a fenced block opened at line `i` by `marker` in an item whose text starts at `column`
 * (0 at the margin), as markdown-it's fence rule ends it: past a closing fence, at a line left of the
 * item's text, or at the end.
 */
function fenceEnd(lines: readonly Line[], i: number, marker: string, column: number): number {
  const ch = marker.charCodeAt(0);
  for (let j = i + 1; j < lines.length; j++) {
    const u = lines[j]!.text;
    let ws = 0;
    while (ws < u.length && (u.charCodeAt(ws) === 0x20 || u.charCodeAt(ws) === 0x09)) ws++;
    const columns = columnsOf(u);
    if (ws < u.length && columns < column) return j;
    if (u.charCodeAt(ws) !== ch || columns - column >= 4) continue;
    let run = ws;
    while (u.charCodeAt(run) === ch) run++;
    if (run - ws < marker.length) continue;
    if (/^[ \t]*$/.test(u.slice(run))) return j + 1;
  }
  return lines.length;
}

/** Whether the lines from `i` to the next blank one hold `what`. */
function paragraphHolds(lines: readonly Line[], i: number, what: string): boolean {
  for (let j = i; j < lines.length && lines[j]!.text.trim() !== ''; j++) if (lines[j]!.text.includes(what)) return true;
  return false;
}

/** Whether a destination's parentheses balance, as `parseLinkDestination` needs to read all of it. */
function balanced(dest: string): boolean {
  let level = 0;
  for (let i = 0; i < dest.length; i++) {
    const c = dest.charCodeAt(i);
    if (c === 0x28) level++;
    else if (c === 0x29 && --level < 0) return false;
    if (c < 0x20 || c === 0x7f) return false;
  }
  return level === 0 && level <= 32;
}

function normalizeReference(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();
}

/** markdown-it's inline state, as far as its link, image and code span rules read and write it. */
class InlineState {
  pos = 0;
  posMax: number;
  level = 0;
  readonly cache = new Map<number, number>();
  readonly backticks: number[] = [];
  backticksScanned = false;
  constructor(
    readonly src: string,
    readonly references: Map<string, true> | undefined,
  ) {
    this.posMax = src.length;
  }
}

/** Past this nesting markdown-it gives up on a paragraph (`maxNesting`); the port stays well below it. */
const maxLevel = 40;

class TooDeep extends Error {}

const BACKTICK = 0x60;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const BANG = 0x21;
const BACKSLASH = 0x5c;
const LT = 0x3c;

/** Where the port gives up: a `<` that an autolink or a raw HTML tag may start at. */
class Unfollowed extends Error {}
const LPAREN = 0x28;
const RPAREN = 0x29;

const isSpace = (c: number) => c === 0x20 || c === 0x09;

/** `ParserInline.tokenize` over the whole block, recording links and images; false when too deep. */
function tokenize(state: InlineState, found: Construct[], block: InlineBlock): boolean {
  try {
    tokenizeRange(state, found, block);
    return true;
  } catch (e) {
    if (e instanceof TooDeep || e instanceof Unfollowed) return false;
    throw e;
  }
}

/**
 * The characters a followed rule may start at: every other one is a single step of markdown-it's
 * loop, which a native search takes in one call (a cold run interprets a loop per character: some
 * 300 KB of candidate descriptions on the DocuSign document).
 */
const ruleStart = /[\\`[!<]/g;

function tokenizeRange(state: InlineState, found: Construct[], block: InlineBlock): void {
  const end = state.posMax;
  while (state.pos < end) {
    ruleStart.lastIndex = state.pos;
    const next = ruleStart.exec(state.src);
    if (next === null || next.index >= end) {
      state.pos = end;
      break;
    }
    state.pos = next.index;
    const c = state.src.charCodeAt(state.pos);
    const start = state.pos;
    let ok = false;
    let tag: ConstructName | undefined;
    if (c === BACKSLASH) ok = escape(state);
    else if (c === BACKTICK) ok = backtick(state, false);
    else if (c === OPEN) ok = link(state, false, found, block);
    else if (c === BANG) ok = image(state, false);
    else if (c === LT) ok = (tag = autolink(state) ? 'autolink' : htmlInline(state) ? 'raw HTML tag' : undefined) !== undefined;
    if (ok) {
      if (c === BANG) record(found, 'image', start, state.pos, block);
      else if (c === OPEN) record(found, 'link', start, state.pos, block);
      else if (tag) record(found, tag, start, state.pos, block);
      if (state.pos >= end) break;
      continue;
    }
    state.pos++;
  }
}

/** The construct at content offsets [start, end), placed in the description as parseConstructs places it. */
function record(found: Construct[], name: ConstructName, start: number, end: number, block: InlineBlock): void {
  const place = (offset: number): number => {
    const starts = block.contentStarts;
    let k = starts.length - 1;
    while (k > 0 && starts[k]! > offset) k--;
    return block.textStarts[k]! + (offset - starts[k]!);
  };
  const s = place(start);
  found.push({ name, start: s, end: Math.max(s + 1, place(Math.max(start, end - 1)) + 1) });
}

function skipToken(state: InlineState): void {
  const pos = state.pos;
  const c = state.src.charCodeAt(pos);
  // a character no followed rule starts at is one step, the same with or without the cache
  if (c !== BACKSLASH && c !== BACKTICK && c !== OPEN && c !== BANG && c !== LT) {
    state.pos++;
    return;
  }
  const cached = state.cache.get(pos);
  if (cached !== undefined) {
    state.pos = cached;
    return;
  }
  if (state.level >= maxLevel) throw new TooDeep();
  let ok = false;
  state.level++;
  if (c === BACKSLASH) ok = escape(state);
  else if (c === BACKTICK) ok = backtick(state, true);
  else if (c === OPEN) ok = link(state, true);
  else if (c === BANG) ok = image(state, true);
  else if (c === LT) ok = autolink(state) || htmlInline(state);
  state.level--;
  if (!ok) state.pos++;
  state.cache.set(pos, state.pos);
}

/** markdown-it's autolink rule: `<`, an address with a scheme or an e-mail address, `>` (every one valid to the check). */
function autolink(state: InlineState): boolean {
  const src = state.src;
  const max = state.posMax;
  let pos = state.pos;
  for (;;) {
    if (++pos >= max) return false;
    const c = src.charCodeAt(pos);
    if (c === LT) return false;
    if (c === 0x3e) break;
  }
  const url = src.slice(state.pos + 1, pos);
  if (!autolinkUrl.test(url) && !autolinkEmail.test(url)) return false;
  state.pos = pos + 1;
  return true;
}

/**
 * markdown-it's raw HTML rule for open and close tags (which may run past `posMax`, as there). A
 * comment, declaration, processing instruction or CDATA section the port does not follow: markdown-it
 * gives up on all of them in a paragraph after one that is not closed.
 */
function htmlInline(state: InlineState): boolean {
  const src = state.src;
  const pos = state.pos;
  if (pos + 2 >= state.posMax) return false;
  const c = src.charCodeAt(pos + 1);
  if (c === BANG || c === 0x3f) throw new Unfollowed();
  const lower = c | 0x20;
  if (c !== 0x2f && !(lower >= 0x61 && lower <= 0x7a)) return false;
  openCloseTagAt.lastIndex = pos;
  const m = openCloseTagAt.exec(src);
  if (!m) return false;
  state.pos = pos + m[0].length;
  return true;
}

/** markdown-it's escape rule: a backslash and the character after it (a line break and the next line's indentation; before a space, itself alone). */
function escape(state: InlineState): boolean {
  let pos = state.pos + 1;
  const max = state.posMax;
  if (pos >= max) return false;
  const c = state.src.charCodeAt(pos);
  if (c === 0x0a) {
    pos++;
    while (pos < max && isSpace(state.src.charCodeAt(pos))) pos++;
    state.pos = pos;
    return true;
  }
  if (c === 0x20) {
    state.pos = pos;
    return true;
  }
  // a surrogate pair is escaped whole: neither half can open a link, so one more step is the same
  state.pos = pos + 1;
  return true;
}

function backtick(state: InlineState, _silent: boolean): boolean {
  const src = state.src;
  let pos = state.pos;
  const start = pos;
  pos++;
  const max = state.posMax;
  while (pos < max && src.charCodeAt(pos) === BACKTICK) pos++;
  const openerLength = pos - start;
  if (state.backticksScanned && (state.backticks[openerLength] ?? 0) <= start) {
    state.pos += openerLength;
    return true;
  }
  let matchEnd = pos;
  let matchStart: number;
  while ((matchStart = src.indexOf('`', matchEnd)) !== -1) {
    matchEnd = matchStart + 1;
    while (matchEnd < max && src.charCodeAt(matchEnd) === BACKTICK) matchEnd++;
    const closerLength = matchEnd - matchStart;
    if (closerLength === openerLength) {
      state.pos = matchEnd;
      return true;
    }
    state.backticks[closerLength] = matchStart;
  }
  state.backticksScanned = true;
  state.pos += openerLength;
  return true;
}

/** What parseLinkLabel stops at: a bracket, or a character skipToken follows a rule at. */
const labelStop = /[\\`[\]!<]/g;

function parseLinkLabel(state: InlineState, start: number, disableNested: boolean): number {
  const max = state.posMax;
  const oldPos = state.pos;
  let found = false;
  state.pos = start + 1;
  let level = 1;
  while (state.pos < max) {
    // a character no rule starts at and no bracket is one step of skipToken: searched natively
    labelStop.lastIndex = state.pos;
    const next = labelStop.exec(state.src);
    if (next === null || next.index >= max) {
      state.pos = max;
      break;
    }
    state.pos = next.index;
    const marker = state.src.charCodeAt(state.pos);
    if (marker === CLOSE) {
      level--;
      if (level === 0) {
        found = true;
        break;
      }
    }
    const prevPos = state.pos;
    skipToken(state);
    if (marker === OPEN) {
      if (prevPos === state.pos - 1) level++;
      else if (disableNested) {
        state.pos = oldPos;
        return -1;
      }
    }
  }
  const labelEnd = found ? state.pos : -1;
  state.pos = oldPos;
  return labelEnd;
}

function parseLinkDestination(str: string, start: number, max: number): number | undefined {
  if (str.charCodeAt(start) === LT) throw new Unfollowed(); // a destination in angle brackets
  let pos = start;
  let level = 0;
  while (pos < max) {
    const code = str.charCodeAt(pos);
    if (code === 0x20) break;
    if (code < 0x20 || code === 0x7f) break;
    if (code === BACKSLASH && pos + 1 < max) {
      // an escaped line end: what follows it is the next line's indentation in markdown-it's text,
      // which a paragraph's content here leaves out
      if (str.charCodeAt(pos + 1) === 0x0a) throw new Unfollowed();
      pos += str.charCodeAt(pos + 1) === 0x20 ? 1 : 2;
      continue;
    }
    if (code === LPAREN) {
      level++;
      if (level > 32) return undefined;
    }
    if (code === RPAREN) {
      if (level === 0) break;
      level--;
    }
    pos++;
  }
  if (start === pos || level !== 0) return undefined;
  return pos;
}

function parseLinkTitle(str: string, start: number, max: number): number | undefined {
  let pos = start;
  if (pos >= max) return undefined;
  let marker = str.charCodeAt(pos);
  if (marker !== 0x22 && marker !== 0x27 && marker !== LPAREN) return undefined;
  pos++;
  if (marker === LPAREN) marker = RPAREN;
  while (pos < max) {
    const code = str.charCodeAt(pos);
    if (code === marker) return pos + 1;
    if (code === LPAREN && marker === RPAREN) return undefined;
    if (code === BACKSLASH && pos + 1 < max) pos++;
    pos++;
  }
  return undefined;
}

function skipWhitespace(str: string, pos: number, max: number): number {
  for (; pos < max; pos++) {
    const code = str.charCodeAt(pos);
    if (!isSpace(code) && code !== 0x0a) break;
  }
  return pos;
}

/** The reference part shared by links and images: the position past it, or undefined for none. */
function reference(state: InlineState, pos: number, labelStart: number, labelEnd: number): number | undefined {
  const max = state.posMax;
  if (state.references === undefined) return undefined;
  let label: string | undefined;
  if (pos < max && state.src.charCodeAt(pos) === OPEN) {
    const start = pos + 1;
    pos = parseLinkLabel(state, pos, false);
    if (pos >= 0) label = state.src.slice(start, pos++);
    else pos = labelEnd + 1;
  } else {
    pos = labelEnd + 1;
  }
  if (!label) label = state.src.slice(labelStart, labelEnd);
  return state.references.has(normalizeReference(label)) ? pos : undefined;
}

function link(state: InlineState, silent: boolean, found?: Construct[], block?: InlineBlock): boolean {
  const src = state.src;
  const oldPos = state.pos;
  const max = state.posMax;
  const labelStart = state.pos + 1;
  const labelEnd = parseLinkLabel(state, state.pos, true);
  if (labelEnd < 0) return false;
  let pos = labelEnd + 1;
  let parseReference = true;
  if (pos < max && src.charCodeAt(pos) === LPAREN) {
    parseReference = false;
    pos = skipWhitespace(src, pos + 1, max);
    if (pos >= max) return false;
    const dest = parseLinkDestination(src, pos, state.posMax);
    if (dest !== undefined) {
      // every destination is valid to the check's view (`validateLink` is true there)
      pos = dest;
      const start = pos;
      pos = skipWhitespace(src, pos, max);
      const title = parseLinkTitle(src, pos, state.posMax);
      if (pos < max && start !== pos && title !== undefined) pos = skipWhitespace(src, title, max);
    }
    if (pos >= max || src.charCodeAt(pos) !== RPAREN) parseReference = true;
    pos++;
  }
  if (parseReference) {
    if (state.references === undefined) return false;
    const after = reference(state, pos, labelStart, labelEnd);
    if (after === undefined) {
      state.pos = oldPos;
      return false;
    }
    pos = after;
  }
  if (!silent) {
    // the label's own tokens: an image inside a link is reported too
    state.pos = labelStart;
    state.posMax = labelEnd;
    state.level++;
    tokenizeRange(state, found!, block!);
    state.level--;
  }
  state.pos = pos;
  state.posMax = max;
  return true;
}

function image(state: InlineState, _silent: boolean): boolean {
  const src = state.src;
  const oldPos = state.pos;
  const max = state.posMax;
  if (src.charCodeAt(state.pos + 1) !== OPEN) return false;
  const labelStart = state.pos + 2;
  const labelEnd = parseLinkLabel(state, state.pos + 1, false);
  if (labelEnd < 0) return false;
  let pos = labelEnd + 1;
  if (pos < max && src.charCodeAt(pos) === LPAREN) {
    pos = skipWhitespace(src, pos + 1, max);
    if (pos >= max) return false;
    const dest = parseLinkDestination(src, pos, state.posMax);
    if (dest !== undefined) pos = dest;
    const start = pos;
    pos = skipWhitespace(src, pos, max);
    const title = parseLinkTitle(src, pos, state.posMax);
    if (pos < max && start !== pos && title !== undefined) pos = skipWhitespace(src, title, max);
    if (pos >= max || src.charCodeAt(pos) !== RPAREN) {
      state.pos = oldPos;
      return false;
    }
    pos++;
  } else {
    const after = reference(state, pos, labelStart, labelEnd);
    if (after === undefined) {
      state.pos = oldPos;
      return false;
    }
    pos = after;
  }
  // the image's own text is parsed apart in markdown-it, and what it holds is never reported
  state.pos = pos;
  state.posMax = max;
  return true;
}
