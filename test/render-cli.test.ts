// `swaglint render` through the real CLI: stdout or -o, atomic writes, bad input (main()'s refusals,
// in this process), and the library's renderDocument escaping every string a document holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertUserError, runCli, runMain, tempProject } from './helpers/cli.js';
import { projectDir } from './helpers/paths.js';
import { renderDescription, renderDocument } from '../src/index.js';

const sample = path.join(projectDir, 'fixtures', 'samples', 'orders.yaml');

test('render: the page goes to stdout without -o, and no file is written', () => {
  const dir = tempProject();
  const run = runCli(['render', sample], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.match(run.stdout, /^<!doctype html>/);
  assert.match(run.stdout, /<title>Orders API 1\.0<\/title>/);
  assert.match(run.stdout, /<strong>collection pattern<\/strong>/);
  assert.ok(!/<script|<link |src=/i.test(run.stdout), 'nothing to run or fetch');
  assert.deepEqual(readdirSync(dir), ['.git']);
});

test('render: -o writes the file, replacing the one it names, and nothing else', () => {
  const dir = tempProject();
  writeFileSync(path.join(dir, 'page.html'), 'old');
  const run = runCli(['render', sample, '-o', 'page.html'], dir);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, '');
  assert.match(readFileSync(path.join(dir, 'page.html'), 'utf8'), /^<!doctype html>[\s\S]*<\/html>\n$/);
  assert.deepEqual(readdirSync(dir).sort(), ['.git', 'page.html'], 'no temp file left behind');
});

test('render: bad input is one sentence and exit 2', async () => {
  const dir = tempProject();
  assertUserError(await runMain(['render', 'missing.yaml'], dir), /No such file or directory: .*missing\.yaml/);
  writeFileSync(path.join(dir, 'broken.yaml'), "swagger: '2.0'\ninfo: {title: [\n");
  assertUserError(await runMain(['render', 'broken.yaml'], dir), /^swaglint: broken\.yaml:3:1: the document does not parse: /);
  writeFileSync(path.join(dir, 'list.yaml'), '- a\n- b\n');
  assertUserError(await runMain(['render', 'list.yaml'], dir), /list\.yaml is not a Swagger 2\.0 or OpenAPI 3\.0–3\.2 document \(no top-level swagger or openapi field\); nothing to render\./);
  writeFileSync(path.join(dir, 'api.yaml'), "swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n");
  assertUserError(await runMain(['render', 'api.yaml', '-o', 'api.yaml'], dir), /-o api\.yaml is the document being rendered/);
  assert.equal(readFileSync(path.join(dir, 'api.yaml'), 'utf8'), "swagger: '2.0'\ninfo: {title: T, version: '1'}\npaths: {}\n");
  assertUserError(await runMain(['render', 'api.yaml', '-o', 'no/such/dir/page.html'], dir), /Cannot write \S*no\/such\/dir\/page\.html: its directory does not exist/);
  assert.equal(existsSync(path.join(dir, 'no')), false);
});

test('renderDocument: every string from the document is escaped, local $refs become links', () => {
  const hostile = '"><script>x()</script>';
  const html = renderDocument({
    swagger: '2.0',
    info: { title: hostile, version: hostile, description: hostile },
    host: hostile,
    tags: [{ name: hostile, description: hostile }],
    paths: {
      [`/a${hostile}`]: {
        get: {
          summary: hostile,
          operationId: hostile,
          tags: [hostile],
          parameters: [{ name: hostile, in: 'query', type: hostile, format: hostile, enum: [hostile] }, { $ref: '#/parameters/p' }],
          responses: { [hostile]: { description: hostile, schema: { $ref: `#/definitions/${encodeURIComponent(hostile)}` } } },
        },
      },
    },
    parameters: { p: { name: 'limit', in: 'query', type: 'integer', description: 'How *many*.' } },
    definitions: { [hostile]: { type: 'object', required: [hostile], properties: { [hostile]: { type: 'string', description: hostile } } } },
    securityDefinitions: { [hostile]: { type: 'apiKey', in: 'header', name: hostile, description: hostile } },
  });
  assert.ok(!html.includes('<script>'), 'a raw <script>');
  assert.ok(!html.includes('"><script'), 'an attribute broken out of');
  assert.ok(html.split('&quot;&gt;&lt;script&gt;x()&lt;/script&gt;').length > 15, 'each hostile string shown as text');
  assert.match(html, /<td><code>limit<\/code><\/td><td>query<\/td><td>integer<\/td><td>no<\/td><td><div class="md"><p>How <em>many<\/em>.<\/p>/);
  const id = /<div class="schema" id="([^"]+)">/.exec(html)![1]!;
  assert.match(id, /^def-[A-Za-z0-9_.~-]+$/);
  assert.ok(html.includes(`<a href="#${id}">`), 'the response schema links to its definition');
  assert.throws(() => renderDocument(null as never), /takes a Swagger 2\.0 or OpenAPI 3\.0–3\.2 document: an object with a swagger or openapi field/);
});

test('renderDescription is exported and safe', () => {
  assert.equal(renderDescription('**a** <b>c</b>'), '<p><strong>a</strong> &lt;b&gt;c&lt;/b&gt;</p>\n');
  assert.equal(renderDescription('[x](javascript:alert(1))'), '<p>[x](javascript:alert(1))</p>\n');
  assert.equal(renderDescription('[x](https://example.com)'), '<p><a href="https://example.com" rel="nofollow noopener noreferrer">x</a></p>\n');
});

test('render: an OpenAPI 3.0 document through the CLI, its descriptions as CommonMark', () => {
  const dir = tempProject();
  writeFileSync(
    path.join(dir, 'api.yaml'),
    `openapi: 3.0.3
info: {title: Orders, version: '1.0', description: "| a | b |\\n|---|---|\\n| 1 | 2 |"}
servers: [{url: 'https://api.example.com/v1'}]
paths:
  /orders:
    post:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}
      responses: {'201': {description: Created, content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}}
components:
  schemas:
    Order: {type: object, properties: {note: {type: string, nullable: true}}}
  securitySchemes:
    key: {type: apiKey, in: header, name: X-Key}
`,
  );
  const run = runCli(['render', 'api.yaml'], dir);
  assert.equal(run.code, 0, run.stderr);
  const html = run.stdout;
  assert.match(html, /<table class="servers" id="servers">[\s\S]*<code>https:\/\/api\.example\.com\/v1<\/code>/);
  assert.match(html, /<h4>Request body<\/h4>\n\n<ul class="content"><li><code class="media-type">application\/json<\/code> <a href="#def-Order">Order<\/a><\/li><\/ul>/);
  assert.match(html, /<td><code>note<\/code><\/td><td>string or null<\/td>/);
  assert.match(html, /<td><code>key<\/code><\/td><td>apiKey<\/td><td>header <code>X-Key<\/code><\/td>/);
  // the info description's GFM table is a CommonMark paragraph; a Swagger 2.0 one is a table
  assert.match(html, /<header id="info">[\s\S]*<p>\| a \| b \|\n\|---\|---\|\n\| 1 \| 2 \|<\/p>/);
  assert.match(renderDocument({ swagger: '2.0', info: { title: 'T', version: '1', description: '| a | b |\n|---|---|\n| 1 | 2 |' }, paths: {} }), /<table>\n<thead>/);
});
