// The frame table's five arrays share one buffer (src/load/frame-table.ts): each must keep its own
// values, apart from the others, when the table grows past the capacity it was made with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameTable } from '../src/load/frame-table.js';

test('growing the frame table keeps every frame, and its five arrays never overlap', () => {
  const table = new FrameTable(64);
  const frames = 1000;
  for (let f = 0; f < frames; f++) {
    const i = table.add(f * 7);
    table.end[i] = f * 7 + 3;
    table.last[i] = f + 1;
    table.kind[i] = f % 3;
    table.sameAsChild[i] = f % 2;
  }
  assert.equal(table.n, frames);
  assert.ok(table.start.length >= frames, 'the table grew');
  for (let f = 0; f < frames; f++) {
    assert.deepEqual(
      [table.start[f], table.end[f], table.last[f], table.kind[f], table.sameAsChild[f]],
      [f * 7, f * 7 + 3, f + 1, f % 3, f % 2],
      `frame ${f}`,
    );
  }
});
