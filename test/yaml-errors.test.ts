// A YAML syntax error is reported where the mistake is (the quote that was never closed, the key
// without its colon) and names the place where the parser stopped, rather than only that place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint } from '../src/index.js';

async function parseError(text: string): Promise<{ line: number; column: number; message: string }> {
  const found = (await lint({ text, uri: '/virtual/api.yaml' })).filter((d) => d.ruleId === 'parse-error');
  assert.equal(found.length, 1, JSON.stringify(found));
  return { line: found[0]!.range.start.line + 1, column: found[0]!.range.start.character + 1, message: found[0]!.message };
}

const operations = (n: number) =>
  Array.from({ length: n }, (_, i) => `  /orders${i}:\n    get:\n      responses:\n        '200':\n          description: "Orders ${i}."\n`).join('');

test('an unclosed double quote on line 4 is reported on line 4, naming where the parser stopped', async () => {
  const text = `swagger: '2.0'\ninfo:\n  title: Orders\n  description: "Orders API\n  version: '1.0'\npaths:\n${operations(4)}`;
  const e = await parseError(text);
  assert.deepEqual([e.line, e.column], [4, 16]);
  assert.match(e.message, /the double-quoted string that opens here is not closed on its line; the parser read on to line 11, column \d+ and stopped there \(bad indentation of a mapping entry\)/);
});

test('an unclosed single quote: the same, and a quote closed on its line is no suspect', async () => {
  const e = await parseError(`swagger: '2.0'\ninfo:\n  title: 'Orders\n  version: '1.0'\npaths: {}\n`);
  assert.deepEqual([e.line, e.column], [3, 10]);
  assert.match(e.message, /^The file does not parse: the single-quoted string that opens here is not closed on its line; the parser read on to line 4, column 17/);
});

test('a missing colon is reported at its line, after the key, naming where the parser stopped', async () => {
  const text = `swagger: '2.0'\ninfo: {title: Orders, version: '1.0'}\npaths:\n  /orders:\n    get\n      responses:\n        '200': {description: OK}\n`;
  const e = await parseError(text);
  assert.deepEqual([e.line, e.column], [5, 8]);
  assert.match(e.message, /a colon is missing after 'get'; the parser stopped at line 6, column \d+ \(bad indentation of a mapping entry\)/);
  const value = await parseError(`swagger: '2.0'\ninfo:\n  title: Orders\n  version '1.0'\n  description: x\npaths: {}\n`);
  assert.deepEqual([value.line, value.column], [4, 10]);
  assert.match(value.message, /a colon is missing after 'version'/);
});

test('a quoted string that spans lines on purpose is not blamed for an error elsewhere', async () => {
  const text = `swagger: '2.0'\ninfo:\n  title: Orders\n  description: "Orders API,\n    over two lines."\n  version: '1.0'\npaths:\n  /orders:\n    get:\n      responses: {}\n     bad: indentation\n`;
  const e = await parseError(text);
  assert.equal(e.line, 11);
  assert.doesNotMatch(e.message, /opens here|colon is missing/);
});
