import type { Position } from '../types.js';

export type LineTable = (offset: number) => Position;

/** The offset at which each line starts (line 0 at offset 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line holding `offset`, by binary search over `lineStarts`. */
export function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Offsets → 0-based line/character, from a table of line starts built once per file. */
export function lineTable(text: string): LineTable {
  const starts = lineStarts(text);
  return (offset) => {
    const line = lineOf(starts, offset);
    return { line, character: offset - starts[line]! };
  };
}
