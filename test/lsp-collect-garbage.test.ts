// The language server's collection between lints (issue 41): it is had without a flag on the command
// line, frees what nothing holds, and runs only once the heap has grown by the given amount.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { collectionWhenGrown, fullCollection } from '../src/lsp/collect-garbage.js';

test('a full collection frees what nothing holds', async () => {
  const gc = fullCollection();
  assert.equal(typeof gc, 'function');
  let held: object | undefined = { payload: new Array(1000).fill('x') };
  const ref = new WeakRef(held);
  held = undefined;
  // a WeakRef's target lives until the end of the job that made it
  await tick();
  gc!();
  assert.equal(ref.deref(), undefined);
});

test('the collection when grown waits for the growth', async () => {
  const collect = collectionWhenGrown(1024 * 1024 * 1024);
  assert.equal(typeof collect, 'function');
  // the first call collects (nothing collected before); the second finds less than 1 GB of growth
  collect!();
  const ref = new WeakRef({ payload: new Array(1000).fill('y') });
  await tick();
  collect!();
  assert.notEqual(ref.deref(), undefined, 'no collection below the growth asked for');
  const always = collectionWhenGrown(0)!;
  await tick();
  always();
  assert.equal(ref.deref(), undefined);
});
