// Where a table cell's text is placed on its row (pieceStart): inside the cell's own pipes, so that a
// row of many cells costs a search of each cell, not of the rest of the row for each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pieceStart } from '../src/markdown/source-map.js';

test('a cell is looked for up to the pipe that closes it, a paragraph piece on the rest of the line', () => {
  const row = '|a\\|b|a|b|';
  // the cell's text `a|b` (its escaped pipe without the backslash) is not on the line inside its pipes;
  // after them, `a|b` is two other cells
  assert.equal(pieceStart(row, 1, row.length, 'a|b', true), 1);
  assert.equal(pieceStart(row, 1, row.length, 'a|b'), 6);
});

test('cells are placed in turn, an empty one at its closing pipe', () => {
  const row = '| a | | [l](u) | c\\|d |';
  const placed: number[] = [];
  let from = 0;
  for (const cell of ['a', '', '[l](u)', 'c|d', '']) {
    const x = pieceStart(row, from, row.length, cell, true);
    placed.push(x);
    from = x + cell.length;
  }
  // `c|d` is not as written (an escaped pipe): the search stays in its cell and answers where it began (the previous cell's end);
  // the padding cell a short row lacks ends at the line's end
  assert.deepEqual(placed, [2, 6, 8, 14, row.length]);
});
