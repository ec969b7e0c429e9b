import { test } from 'node:test';
import assert from 'node:assert/strict';
import { count } from '../src/text/count.js';

test('count groups digits as en-US toLocaleString does', () => {
  const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 12345, 99999, 100000, 123456, 999999, 1000000, 1234567, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -999, -1000, -1234567, -0];
  for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))) * (i % 7 === 0 ? -1 : 1));
  for (const n of samples) assert.equal(count(n), n.toLocaleString('en-US'), String(n));
});

test('count leaves fractions and non-finite numbers to toLocaleString', () => {
  for (const n of [1.5, 1234.5678, -0.25, Infinity, -Infinity, NaN]) assert.equal(count(n), n.toLocaleString('en-US'));
});
