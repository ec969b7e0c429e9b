// Every unsupported construct in every scalar style, at its line and column in the file. The expected
// place is found by searching the file's text for the construct (not by the rule's own mapping), so a
// wrong turn through folding, indentation or escapes shows as a wrong column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import rule from '../../rules/description-markdown.js';
import { lintWithOnly, testRule, type InvalidCase, type ValidCase } from '../helpers/test-rule.js';
import { renderDescription } from '../../src/markdown/render.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, runCli, tempProject } from '../helpers/cli.js';

const head = `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: Orders API}\npaths: {}\ntags:\n  - name: orders\n    description: `;
const indent = '      ';
/** Text before each construct whose spelling differs from its value in most styles. */
const intro = `Caf\u00e9 "orders" it's\tnow.`;

/** One blank line more than the value's line breaks: how plain, quoted and folded scalars keep them. */
const folded = (value: string) => value.replace(/\n+/g, (run) => '\n'.repeat(run.length + 1) + indent);
const block = (value: string) => value.split('\n').map((l) => (l ? indent + l : '')).join('\n');

const styles: Record<string, { text: (value: string) => string; uri?: string }> = {
  plain: { text: (v) => head + folded(v) + '\n' },
  'single-quoted': { text: (v) => head + `'${folded(v.replace(/'/g, "''"))}'\n` },
  'double-quoted': { text: (v) => head + JSON.stringify(v).replace(/é/g, '\\u00e9') + '\n' },
  literal: { text: (v) => head + '|-\n' + block(v) + '\n' },
  folded: { text: (v) => head + '>\n' + block(folded(v).replace(/\n {6}/g, '\n')) + '\n' },
  'JSON string': {
    text: (v) => JSON.stringify({ swagger: '2.0', info: { title: 'Orders', version: '1.0' }, paths: {}, tags: [{ name: 'orders', description: v }] }, null, 2).replace(/é/g, '\\u00e9'),
    uri: '/virtual/api.json',
  },
};

/** Each construct: the Markdown, and the text it starts with in the file. */
const constructs: Record<string, { markdown: string; starts: string }> = {
  table: { markdown: '| name | meaning |\n|---|---|\n| id | the order |', starts: '| name' },
  image: { markdown: 'See ![the flow](flow.png) here.', starts: '![the flow]' },
  link: { markdown: 'See [the guide](https://example.com/guide) first.', starts: '[the guide]' },
  autolink: { markdown: 'See <https://example.com/guide> first.', starts: '<https:' },
  'raw HTML tag': { markdown: 'Orders are final<br>once paid.', starts: '<br>' },
  'raw HTML block': { markdown: '<div class=warning>\nCareful.\n</div>', starts: '<div' },
  'block quote': { markdown: '> Deprecated endpoints are marked.', starts: '> Deprecated' },
  strikethrough: { markdown: 'Orders are ~~final~~ once paid.', starts: '~~final' },
};

function placeOf(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle, text.indexOf('description'));
  assert.ok(at !== -1, `${needle} not in ${text}`);
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

const invalid: InvalidCase[] = [];
for (const [style, { text, uri }] of Object.entries(styles)) {
  for (const [name, { markdown, starts }] of Object.entries(constructs)) {
    const yaml = text(`${intro}\n\n${markdown}`);
    const place = placeOf(yaml, starts);
    invalid.push({ name: `${name} in a ${style} scalar`, yaml, ...(uri ? { uri } : {}), errors: [{ ...place, message: new RegExp(`^An? ${name} \\(`) }] });
  }
}

const supported = `# Orders

Orders are *final* and **paid**, in \`code\`; 3 * 4 = 12, a < b > c, and https://example.com is text.

- one
- two

1. first
2. second

---

\`\`\`
fenced <b>html</b> and [links](x) are code
\`\`\`

    indented | code | too

A line  
break, and [brackets] alone.`;

const valid: ValidCase[] = Object.entries(styles).map(([style, { text, uri }]) => ({ name: `supported Markdown in a ${style} scalar`, yaml: text(supported), ...(uri ? { uri } : {}) }));
valid.push({
  name: 'allow: the constructs a team names are accepted (html covers blocks and tags)',
  yaml: head + '|\n      [a](b) <https://x.example> ![i](p.png) ~~s~~ a<br>b\n\n      > quote\n\n      | a |\n      |---|\n      | b |\n\n      <div>\n      x\n      </div>\n',
  options: { allow: ['link', 'autolink', 'image', 'strikethrough', 'html', 'blockquote', 'table'] },
});
valid.push({ name: 'no description at all', yaml: `swagger: '2.0'\ninfo: {title: Orders, version: '1.0'}\npaths: {}\n` });

invalid.push(
  {
    name: 'several constructs in one description, in order',
    yaml: head + '|\n      > [a](b)\n      ~~c~~ <i>d</i>\n',
    errors: [
      { line: 7, column: 7, message: /block quote/ },
      { line: 7, column: 9, message: /link/ },
      { line: 8, column: 7, message: /strikethrough/ },
      { line: 8, column: 13, message: /^2 raw HTML tags \(the first: '<i>'\) are not supported in descriptions/ },
    ],
  },
  {
    name: 'one finding per kind of construct and description, with the count, at the first',
    yaml: head + '|\n      [a](b), [c](d)\n      and [e](f) | <https://x.example>\n',
    errors: [
      { line: 7, column: 7, message: /^3 links \(the first: '\[a\]\(b\)'\) are not supported in descriptions; write the address as text/ },
      { line: 8, column: 20, message: /^An autolink \('<https:\/\/x\.example>'\)/ },
    ],
  },
  {
    name: 'allow: the constructs not named are still reported',
    yaml: head + '|\n      [a](b)\n\n      > quoted\n',
    options: { allow: ['link', 'table'] },
    errors: [{ line: 9, column: 7, message: /^A block quote/ }],
  },
  {
    name: 'allow: html-tag leaves HTML blocks reported',
    yaml: head + '|\n      a<br>b\n\n      <div>\n      x\n      </div>\n',
    options: { allow: ['html-tag'] },
    errors: [{ line: 9, column: 7, message: /^A raw HTML block/ }],
  },
  {
    name: 'a javascript: link is a link (it never renders as one)',
    yaml: head + '"[x](javascript:alert(1))"\n',
    errors: [{ line: 6, column: 19, message: /A link/ }],
  },
  {
    name: 'descriptions of every kind: operation, parameter, response, schema property',
    yaml: `swagger: '2.0'
info: {title: Orders, version: '1.0', description: Orders API}
paths:
  /orders:
    get:
      description: See [a](b).
      parameters:
        - {name: q, in: query, type: string, description: 'A <b>query'}
      responses:
        200: {description: '> quoted'}
definitions:
  Order:
    properties:
      id: {type: string, description: "~~gone~~"}
`,
    errors: [{ line: 6, column: 24 }, { line: 8, column: 62 }, { line: 10, column: 29 }, { line: 14, column: 40 }],
  },
  {
    name: 'an anchored description maps through its anchor; an alias to it is reported at the alias',
    yaml: `swagger: '2.0'\ninfo: {title: Orders, version: '1.0', description: &d "see [a](b)"}\npaths: {}\ntags:\n  - {name: a, description: *d}\n`,
    errors: [{ line: 2, column: 60 }, { line: 5, column: 28 }],
  },
);

testRule(rule, { valid, invalid });

test('description-markdown: a finding range covers the construct', async () => {
  const yaml = head + `|\n      see [the guide](x) now\n`;
  const [d] = (await lintWithOnly(rule, yaml)).diagnostics;
  assert.deepEqual(d!.range, { start: { line: 6, character: 10 }, end: { line: 6, character: 24 } });
});

test('renderDescription: supported constructs become elements; raw HTML and unsafe links do not', () => {
  const html = renderDescription(supported + '\n\n<script>x()</script> [y](javascript:alert(1)) [z](data:text/html,hi) ![i](http://img/x.png)');
  for (const tag of ['<h1>', '<em>', '<strong>', '<code>', '<ul>', '<ol>', '<li>', '<hr>', '<pre>', '<br>']) assert.ok(html.includes(tag), `${tag} in ${html}`);
  assert.ok(!html.includes('<script'), html);
  assert.ok(html.includes('&lt;script&gt;'));
  assert.ok(!/href="(javascript|data):/i.test(html), html);
  assert.ok(!html.includes('<img'), html);
  assert.equal(renderDescription('  '), '');
});

test('description-markdown: the one finding of a kind lists every occurrence as a related location', async () => {
  const yaml = head + `|\n      see [a](x) and [b](y)\n      then [c](z)\n`;
  const [d, ...rest] = (await lintWithOnly(rule, yaml)).diagnostics;
  assert.equal(rest.length, 0);
  assert.deepEqual(d!.range, { start: { line: 6, character: 10 }, end: { line: 6, character: 16 } });
  assert.deepEqual(
    d!.related?.map((r) => [r.range.start.line, r.range.start.character, r.range.end.character, r.message]),
    [
      [6, 10, 16, "A link: '[a](x)'"],
      [6, 21, 27, "A link: '[b](y)'"],
      [7, 11, 17, "A link: '[c](z)'"],
    ],
  );
  const single = (await lintWithOnly(rule, head + `'[a](x)'\n`)).diagnostics;
  assert.equal(single.length, 1);
  assert.equal(single[0]!.related, undefined, 'one occurrence: the finding is its place');
});

test('description-markdown: an allow name that is no construct is a config error at its place', () => {
  const dir = tempProject('swaglint-markdown-allow-');
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  description-markdown: [warn, {allow: [link, tables]}]\n');
  writeFileSync(path.join(dir, 'api.yaml'), head + "'[a](x)'\n");
  assertUserError(
    runCli(['lint', 'api.yaml'], dir),
    /^swaglint: \.swaglint\.yaml:2:\d+: the option 'allow\.1' of 'description-markdown' must be equal to one of the allowed values \(table, image, link, autolink, html, html-block, html-tag, blockquote, strikethrough\)/,
  );
  writeFileSync(path.join(dir, '.swaglint.yaml'), 'rules:\n  description-markdown: [warn, {allow: [link]}]\n');
  const r = runCli(['lint', 'api.yaml', '--format', 'json'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), []);
});
