// GFM tables as markdown-it 14 reads them (`rules_block/table.mjs`), for the exact finder
// (link-finder.ts): whether two lines open a table, and a row's cells, each of which is inline text.
// Ported from markdown-it: Copyright (c) 2014 Vitaly Puzrin, Alex Kocharin, under the MIT license
// (node_modules/markdown-it/LICENSE). Lines are read at the margin (outside any list or quote) and
// without tabs, which the caller leaves to markdown-it: a line's indentation is then its spaces.

const PIPE = 0x7c;
const DASH = 0x2d;
const COLON = 0x3a;
const isSpace = (c: number) => c === 0x20 || c === 0x09;

/** Past this many cells made up for short rows markdown-it ends the table (its `MAX_AUTOCOMPLETED_CELLS`). */
export const maxAutocompletedCells = 0x10000;

export const leadingSpaces = (line: string): number => {
  let n = 0;
  while (line.charCodeAt(n) === 0x20) n++;
  return n;
};

/** markdown-it's `escapedSplit`: cells at unescaped pipes, an escaped pipe kept without its backslash. */
function escapedSplit(str: string): string[] {
  // pipe to pipe with indexOf, not a character at a time: a row is read once per table line, and a
  // cold run interprets a loop per character (markdown-it's loop looks only at the character before
  // a pipe, which is all this reads)
  const result: string[] = [];
  let lastPos = 0;
  let current = '';
  for (let pos = str.indexOf('|'); pos !== -1; pos = str.indexOf('|', pos + 1)) {
    if (pos === 0 || str.charCodeAt(pos - 1) !== 0x5c) {
      result.push(current + str.substring(lastPos, pos));
      current = '';
      lastPos = pos + 1;
    } else {
      current += str.substring(lastPos, pos - 1);
      lastPos = pos;
    }
  }
  result.push(current + str.substring(lastPos));
  return result;
}

/** A row's cells before they are trimmed or counted: the pipes at either end open no cell. */
function splitRow(lineText: string): string[] {
  const columns = escapedSplit(lineText);
  if (columns.length && columns[0] === '') columns.shift();
  if (columns.length && columns[columns.length - 1] === '') columns.pop();
  return columns;
}

/** How many columns the table opened by `header` and the `delimiter` row under it has, or 0 for no table. */
export function tableColumns(header: string, delimiter: string | undefined): number {
  if (delimiter === undefined) return 0;
  const indent = leadingSpaces(delimiter);
  if (indent >= 4) return 0;
  let pos = indent;
  const max = delimiter.length;
  if (pos >= max) return 0;
  const first = delimiter.charCodeAt(pos++);
  if (first !== PIPE && first !== DASH && first !== COLON) return 0;
  if (pos >= max) return 0;
  const second = delimiter.charCodeAt(pos++);
  if (second !== PIPE && second !== DASH && second !== COLON && !isSpace(second)) return 0;
  // a dash and a space is a list item
  if (first === DASH && isSpace(second)) return 0;
  for (; pos < max; pos++) {
    const ch = delimiter.charCodeAt(pos);
    if (ch !== PIPE && ch !== DASH && ch !== COLON && !isSpace(ch)) return 0;
  }
  const columns = delimiter.slice(indent).split('|');
  let aligns = 0;
  for (let i = 0; i < columns.length; i++) {
    const t = columns[i]!.trim();
    if (!t) {
      // empty columns only before and after the table
      if (i === 0 || i === columns.length - 1) continue;
      return 0;
    }
    if (!/^:?-+:?$/.test(t)) return 0;
    aligns++;
  }
  const headerIndent = leadingSpaces(header);
  const lineText = header.slice(headerIndent).trim();
  if (!lineText.includes('|') || headerIndent >= 4) return 0;
  const count = splitRow(lineText).length;
  return count === 0 || count !== aligns ? 0 : count;
}

/**
 * The cells' inline texts of a row (`lineText`: the line past its indentation, trimmed): a body row has
 * exactly `columns` (those it lacks are empty, those past it dropped); `missing` is how many it lacked
 * (negative for extra ones), which markdown-it counts against its limit.
 */
export function rowCells(lineText: string, columns: number, header: boolean): { cells: string[]; missing: number } {
  const split = splitRow(lineText);
  if (header) return { cells: split.map((c) => c.trim()), missing: 0 };
  const cells: string[] = [];
  for (let i = 0; i < columns; i++) cells.push(split[i] ? split[i]!.trim() : '');
  return { cells, missing: columns - split.length };
}
