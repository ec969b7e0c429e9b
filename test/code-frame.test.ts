// Code frames cost what they show: each is built from its own few lines, clipped around the column,
// so a report grows with its findings, not with the document's size times the findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { codeFrameColumns } from '@babel/code-frame';
import { codeFrame, frameInput, frameWidth, FrameSource, plainFrame } from '../src/format/code-frame.js';
import { seededRandom } from './helpers/seeded-random.js';
import { stylish } from '../src/format/stylish.js';
import type { Diagnostic } from '../src/types.js';
import { findings, runMain, tempProject, assertNoStack } from './helpers/cli.js';

/** The most text a three-line frame can be given: three clipped lines, two ellipses each, two LFs. */
const bound = 3 * (frameWidth + 2) + 2;
const at = (line: number, column: number, length = 1) => ({ line, column, endLine: line, endColumn: column + length });

test('a frame on a line of a megabyte is given only a window around the column', async () => {
  const text = 'a'.repeat(500_000) + 'KEY' + 'b'.repeat(500_000);
  const input = frameInput(new FrameSource(text), at(1, 500_001, 3))!;
  assert.ok(input.text.length <= bound, `${input.text.length} characters`);
  assert.equal(input.startLine, 1);
  // the marker still points at the key inside the clipped line
  const shown = input.text.split('\n')[0]!;
  assert.equal(shown.slice(input.start.column - 1, input.end!.column - 1), 'KEY');
  assert.ok(shown.startsWith('\u2026') && shown.endsWith('\u2026'));
});

test('a frame in a document of 200,000 lines is given its three lines, numbered as in the document', async () => {
  const text = Array.from({ length: 200_000 }, (_, i) => `line${i + 1}: value`).join('\n');
  const source = new FrameSource(text);
  const input = frameInput(source, at(150_000, 1, 4))!;
  assert.equal(input.text, 'line149999: value\nline150000: value\nline150001: value');
  assert.equal(input.startLine, 149_999);
  const frame = codeFrame(source, at(150_000, 1, 4), false)!;
  assert.equal(frame, ['    149999 | line149999: value', '  > 150000 | line150000: value', '           | ^^^^', '    150001 | line150001: value'].join('\n'));
});

test('the shown lines share one window, so that they stay aligned; short lines are shown whole', async () => {
  const long = 'x'.repeat(300);
  const text = `${long}\n${'y'.repeat(100)}TARGET${'y'.repeat(200)}\nshort`;
  const input = frameInput(new FrameSource(text), at(2, 101, 6))!;
  const [above, target, below] = input.text.split('\n');
  assert.equal(above!.length, target!.length);
  assert.equal(target!.slice(input.start.column - 1, input.end!.column - 1), 'TARGET');
  assert.equal(below, '\u2026');
  // the line after the last line break is an empty line, shown as such
  assert.equal(frameInput(new FrameSource('a: 1\nb: 2\n'), at(2, 1))!.text, 'a: 1\nb: 2\n');
});

test('a place past the end of the text has no frame; a CRLF line shows without its CR', async () => {
  assert.equal(frameInput(new FrameSource('a: 1\n'), at(5, 1)), undefined);
  assert.equal(frameInput(new FrameSource('a: 1\r\nb: 2\r\n'), at(1, 1))!.text, 'a: 1\nb: 2');
});

test('control characters in a frame are shown, one for one, and never split its lines', async () => {
  const text = 'a: "\u001b[2J\u0007\u2028x\rz"\n';
  const input = frameInput(new FrameSource(text), at(1, 13))!;
  assert.equal(input.text.split('\n')[0], 'a: "\u241b[2J\u2407\u21b5x\u240dz"');
});

test('a stylish report of 2,000 findings on one minified line stays proportional to the findings', async () => {
  const text = JSON.stringify({ paths: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`/p${i}`, { description: 'd'.repeat(200) }])) });
  const diagnostics: Diagnostic[] = Array.from({ length: 2000 }, (_, i) => {
    const character = text.indexOf(`"/p${i}"`);
    return { ruleId: 'r', severity: 'warn', message: 'm', uri: '/w/a.json', pointer: '', range: { start: { line: 0, character }, end: { line: 0, character: character + 4 } } };
  });
  const out = stylish([{ uri: '/w/a.json', diagnostics, texts: new Map([['/w/a.json', text]]) }], { cwd: '/w', color: false, rules: [], version: '0' });
  assert.ok(text.length > 400_000);
  // each finding: a heading, one clipped line and its marker
  assert.ok(out.length < 2000 * 400, `${out.length} characters`);
});

/** A minified Swagger document of about 300 KB: one line, long descriptions, one finding per path. */
function minified(): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 64; i++) {
    paths[`/things${i}/{id}`] = { get: { description: `Thing ${i}. ` + 'lorem ipsum dolor sit amet '.repeat(170), responses: { 200: { description: 'ok' } } } };
  }
  return JSON.stringify({ swagger: '2.0', info: { title: 't', version: '1', description: 'd' }, security: [], paths });
}

test('the stylish report of a minified 300 KB document is under 100 KB, with the same findings as --format json', async () => {
  const dir = tempProject();
  const text = minified();
  assert.ok(text.length >= 290_000 && !text.includes('\n'));
  writeFileSync(path.join(dir, 'min.json'), text);
  const json = await runMain(['lint', 'min.json', '--format', 'json'], dir);
  assertNoStack(json);
  const expected = findings(json);
  assert.ok(expected.length >= 48, `${expected.length} findings`);
  const plain = await runMain(['lint', 'min.json'], dir);
  assertNoStack(plain);
  assert.equal(plain.code, json.code);
  const headings = plain.stdout.split('\n').filter((l) => /^min\.json:\d+:\d+ /.test(l));
  assert.deepEqual(headings.map((l) => l.split(' ')[0]), expected.map((f) => `min.json:${f.line}:${f.column}`));
  assert.ok(Buffer.byteLength(plain.stdout) < 100_000, `${Buffer.byteLength(plain.stdout)} bytes`);
});

const hostile = [
  'swagger: "2.0"',
  'info: {title: t, version: "1", description: d}',
  'security: []',
  'paths:',
  '  /items:',
  '    get:',
  '      "x\\n::error file=a.yaml,line=1::pwned\\r\\n::warning::more\\u001b[31m\\u0007": 1',
  '      responses:',
  '        "200": {description: ok}',
  '',
].join('\n');

test('a key holding a line break and escape sequences prints no workflow command and no raw ESC or BEL', async () => {
  const dir = tempProject();
  writeFileSync(path.join(dir, 'api.yaml'), hostile);
  const json = findings(await runMain(['lint', 'api.yaml', '--format', 'json'], dir));
  assert.ok(json.some((f) => f.message.includes('\n::error')), 'the finding quotes the key');
  for (const format of ['stylish', 'github']) {
    const r = await runMain(['lint', 'api.yaml', '--format', format], dir);
    assertNoStack(r);
    assert.equal(r.code, 1, r.stderr);
    assert.doesNotMatch(r.stdout, /[\u0007\u001b\r]/, format);
    // the runner reads a workflow command from any line that starts (after spaces) with `::`
    const commands = r.stdout.split('\n').filter((l) => /^\s*::/.test(l));
    assert.equal(commands.length, format === 'github' ? json.length : 0, `${format}:\n${r.stdout}`);
    // stylish shows the line breaks; github escapes them as the runner does
    if (format === 'stylish') assert.match(r.stdout, /x\u240a::error file=a\.yaml,line=1::pwned\u240d\u240a::warning::more\u241b\[31m\u2407/);
    else assert.match(r.stdout, /x%0A::error file=a\.yaml,line=1::pwned%0D%0A::warning::more\u241b\[31m\u2407/);
  }
});

test('a frame without colour is laid out as @babel/code-frame lays it out, on random texts and places', async () => {
  const random = seededRandom(41);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const pieces = ['a', 'key: value', '\t', '  ', '"x"', '\u00e9', '\ud83d\ude00', 'y'.repeat(130), '\r', '\u0007', ''];
  let compared = 0;
  for (let n = 0; n < 3000; n++) {
    const lineCount = 1 + Math.floor(random() * (random() < 0.2 ? 12_000 : 6));
    const lines = Array.from({ length: Math.min(lineCount, 40) }, () => Array.from({ length: Math.floor(random() * 5) }, () => pick(pieces)).join(''));
    // a long document's line numbers are wide: its frames sit past line 9, 99, 999...
    const text = (lineCount > 40 ? '\n'.repeat(lineCount - 40) : '') + lines.join('\n');
    const total = text.split('\n').length;
    const line = 1 + Math.floor(random() * total);
    const length = text.split('\n')[line - 1]!.length;
    const column = 1 + Math.floor(random() * (length + 3));
    const place = { line, column, endLine: random() < 0.2 ? line + 1 : line, endColumn: column + Math.floor(random() * 6) - 1 };
    const input = frameInput(new FrameSource(text), place);
    if (!input) continue;
    const options = { highlightCode: false, forceColor: false, linesAbove: 1, linesBelow: 1, startLine: input.startLine };
    const babel = codeFrameColumns(input.text, { start: input.start, ...(input.end ? { end: input.end } : {}) }, options);
    assert.equal(plainFrame(input), babel.split('\n').map((l) => '  ' + l).join('\n'), JSON.stringify(input));
    assert.equal(codeFrame(new FrameSource(text), place, false), plainFrame(input));
    compared++;
  }
  assert.ok(compared > 2500, `${compared} frames compared`);
});
